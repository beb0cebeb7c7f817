import ClipKit

extension HandoffStore: DriverHandoffOffering {
    /// Offers RoadFlare's driver handoff through this store.
    public func offerDriverHandoff(_ handoff: RoadFlareDriverHandoff) async throws(HandoffError) {
        try offer(handoff)
    }
}

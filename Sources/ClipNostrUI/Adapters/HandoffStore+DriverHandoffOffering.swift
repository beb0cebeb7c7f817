import ClipKit

extension HandoffStore: DriverHandoffOffering {
    /// Offers the driver handoff through this store, under `typeName`.
    public func offerDriverHandoff(_ handoff: DriverHandoff, as typeName: String) async throws {
        try offer(handoff, typeName: typeName)
    }
}

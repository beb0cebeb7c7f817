import ClipKit

/// Leaves RoadFlare's driver handoff where the full app will find it: the seam between the
/// preview model and ClipKit's one-shot ``ClipKit/HandoffStore`` in the App Group container.
///
/// `HandoffStore` conforms; a clip passes its store, built from the manifest over
/// `UserDefaultsSharedDefaults` or `DirectorySharedDefaults`.
public protocol DriverHandoffOffering: Sendable {
    /// Offers `handoff`, replacing any earlier offer.
    ///
    /// - Throws: ``ClipKit/HandoffError`` when the offer could not be written.
    func offerDriverHandoff(_ handoff: RoadFlareDriverHandoff) async throws(HandoffError)
}

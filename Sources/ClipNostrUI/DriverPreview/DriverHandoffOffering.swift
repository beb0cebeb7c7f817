@_spi(ClipKitTooling) import ClipKit

/// Leaves the driver handoff where the full app will find it: the seam between the preview model
/// and ClipKit's one-shot ``/ClipKit/HandoffStore`` in the App Group container.
///
/// `HandoffStore` conforms; a clip passes its store, built from the manifest over
/// `UserDefaultsSharedDefaults` or `DirectorySharedDefaults`.
public protocol DriverHandoffOffering: Sendable {
    /// Offers `handoff` under the payload type name `typeName`, replacing any earlier offer.
    ///
    /// - Throws: ``/ClipKit/HandoffError`` when the offer could not be written.
    func offerDriverHandoff(_ handoff: DriverHandoff, as typeName: String) async throws
}

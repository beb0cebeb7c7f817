/// Leaves a driver handoff where the full app will find it: the seam between the preview model
/// and ClipKit's one-shot handoff store in the App Group container.
public protocol DriverHandoffOffering: Sendable {
    /// Offers `handoff`, replacing any earlier offer.
    ///
    /// - Throws: ``HandoffOfferFailure`` when the offer could not be written.
    func offer(_ handoff: DriverHandoff) async throws(HandoffOfferFailure)
}

/// An offer could not be left for the full app.
public struct HandoffOfferFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for logs.
    public var reason: String

    /// Creates a failure with its reason.
    public init(reason: String) {
        self.reason = reason
    }

    /// A sentence that says what failed and what the person can do.
    public var description: String {
        "the driver could not be saved for the app (\(reason)); try again, or add the driver in the app after installing it"
    }
}

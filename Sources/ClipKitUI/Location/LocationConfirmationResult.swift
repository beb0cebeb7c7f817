import Foundation

/// What a location confirmation answered.
public enum LocationConfirmationResult: Sendable, Hashable {
    /// The system confirmed that the code or tag was scanned inside the place's region.
    case confirmed
    /// The system answered that the scan happened outside the region.
    case notConfirmed
    /// No answer could be had; the reason says why.
    case unavailable(LocationConfirmationUnavailability)
}

/// Why a location confirmation has no answer.
public enum LocationConfirmationUnavailability: Sendable, Hashable, CustomStringConvertible {
    /// The manifest does not set `clip.requestsLocationConfirmation`, so the clip's Info.plist
    /// does not ask for it and the system would refuse.
    case notRequested
    /// No place of the manifest covers the invocation URL.
    case noPlace(url: String)
    /// The clip was not opened by a QR code, an NFC tag or an App Clip Code (a link in Messages or
    /// Safari, a notification), or not on iOS: there is no activation payload to ask.
    case noPhysicalInvocation
    /// The person denied the confirmation, or the invocation was not physical
    /// (`APActivationPayloadError.disallowed`).
    case disallowed
    /// The URL does not match the App Clip's registered invocation URL
    /// (`APActivationPayloadError.doesNotMatch`).
    case urlDoesNotMatch
    /// The system failed in another way; the message is its error's.
    case failed(String)

    /// A sentence for logs and for the person.
    public var description: String {
        switch self {
        case .notRequested: "the clip does not request location confirmation (clip.requestsLocationConfirmation in clipkit.json)"
        case .noPlace(let url): "no place in clipkit.json covers \(url)"
        case .noPhysicalInvocation: "the clip was not opened by a code or a tag, so there is no location to confirm"
        case .disallowed: "location confirmation is not allowed: the person declined, or the clip was not opened by a code or a tag"
        case .urlDoesNotMatch: "the invocation URL does not match the App Clip's registered URL"
        case .failed(let message): "location confirmation failed: \(message)"
        }
    }
}

/// What answers a location confirmation: on iOS, the activation payload the system handed the
/// clip (``ActivationPayloadLocationConfirmer`` in ClipKitUI's Apple glue); in tests, a stand-in.
public protocol LocationConfirmer: Sendable {
    /// Asks whether the invocation happened inside `region`.
    func confirmAcquired(in region: LocationConfirmationRegion) async -> LocationConfirmationResult
}

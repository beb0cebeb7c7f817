/// Why an event (or a frame) from a relay was not used.
public enum EventDropReason: Sendable, Equatable, CustomStringConvertible {
    /// The frame could not be parsed; the associated value says why.
    case malformedFrame(String)
    /// The event answers a subscription this fetch did not open.
    case wrongSubscription
    /// The event's author is not the one asked for.
    case wrongAuthor
    /// The event is not a profile (kind 0).
    case wrongKind(Int)
    /// `created_at` is further ahead of the local clock than the allowed skew.
    case tooFarInFuture(createdAt: Int64)
    /// The content is larger than the configured cap.
    case contentTooLarge(bytes: Int)
    /// The id or the signature does not check out.
    case failedVerification(EventVerificationError)
    /// The content is not a readable profile.
    case unreadableProfile(String)
    /// The same event was already accepted.
    case duplicate
    /// An event at least as new was already accepted, so this one was not checked further.
    case superseded
    /// The link's fragment does not hold a signed event of this author; the associated error says why.
    case unreadableLink(EventFragmentError)

    /// A stable, machine-readable name for the reason.
    public var code: String {
        switch self {
        case .malformedFrame: return "malformed-frame"
        case .wrongSubscription: return "wrong-subscription"
        case .wrongAuthor: return "wrong-author"
        case .wrongKind: return "wrong-kind"
        case .tooFarInFuture: return "future-created-at"
        case .contentTooLarge: return "content-too-large"
        case .failedVerification(let error): return error.code
        case .unreadableProfile: return "unreadable-profile"
        case .duplicate: return "duplicate"
        case .superseded: return "superseded"
        case .unreadableLink(let error): return "link-" + error.code
        }
    }

    /// What was wrong, for a person.
    public var description: String {
        switch self {
        case .malformedFrame(let reason): return reason
        case .wrongSubscription: return "the event answers another subscription"
        case .wrongAuthor: return "the event is by another author than the one asked for"
        case .wrongKind(let kind): return "the event is of kind \(kind), not a profile (kind 0)"
        case .tooFarInFuture(let createdAt): return "the event claims to be from the future (created_at \(createdAt))"
        case .contentTooLarge(let bytes): return "the profile content has \(bytes) bytes, more than allowed"
        case .failedVerification(let error): return error.description
        case .unreadableProfile(let reason): return "the profile content is unreadable: \(reason)"
        case .duplicate: return "the event was already received"
        case .superseded: return "a newer profile was already received"
        case .unreadableLink(let error): return error.description
        }
    }
}

import Foundation

/// Why ``HandoffStore`` returned nothing although something was stored, or could not look.
///
/// Delivered to the store's diagnostics hook. Every case except ``storageFailed(_:)`` means the entry
/// was found unusable and has been removed, so the next offer starts clean. None of them is a crash
/// or an error the app must handle: the handoff is best-effort, and "nothing to claim" is a normal
/// outcome.
public enum HandoffDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The entry is not a handoff envelope: not JSON, not an object, a missing or ill-typed member,
    /// an unexpected member, or an impossible lifetime.
    case corrupt(reason: String)
    /// The entry stops in the middle of its JSON: a write was cut short.
    case truncated(bytes: Int)
    /// The entry is larger than a handoff may be.
    case oversized(bytes: Int, limit: Int)
    /// The entry's lifetime ended before it was claimed.
    case expired(expiresAt: Date, now: Date)
    /// The entry says it was created later than now, by more than the clock-skew allowance.
    case futureDated(createdAt: Date, now: Date)
    /// The entry was written with an envelope schema this version of ClipKit does not know.
    case unknownVersion(Int)
    /// The entry holds a different payload type than the one asked for.
    case wrongType(expected: String, found: String)
    /// The envelope is fine, but its payload does not decode as the type it names.
    case undecodablePayload(typeName: String, reason: String)
    /// The shared store could not be read or cleaned; the entry (if any) was left in place.
    case storageFailed(SharedDefaultsError)

    /// A short stable code for the case: `corrupt`, `truncated`, `oversized`, `expired`,
    /// `futureDated`, `unknownVersion`, `wrongType`, `undecodablePayload` or `storageFailed`.
    public var code: String {
        switch self {
        case .corrupt: return "corrupt"
        case .truncated: return "truncated"
        case .oversized: return "oversized"
        case .expired: return "expired"
        case .futureDated: return "futureDated"
        case .unknownVersion: return "unknownVersion"
        case .wrongType: return "wrongType"
        case .undecodablePayload: return "undecodablePayload"
        case .storageFailed: return "storageFailed"
        }
    }

    /// Whether the store removed the entry (every case but ``storageFailed(_:)``).
    @_spi(ClipKitTooling) public var removedEntry: Bool {
        if case .storageFailed = self { return false }
        return true
    }

    /// What was found, for a log line.
    public var description: String {
        switch self {
        case .corrupt(let reason):
            return "discarded a corrupt handoff entry: \(reason)"
        case .truncated(let bytes):
            return "discarded a truncated handoff entry (\(bytes) bytes, cut off mid-JSON; the write was interrupted)"
        case .oversized(let bytes, let limit):
            return "discarded an oversized handoff entry (\(bytes) bytes; the limit is \(limit))"
        case .expired(let expiresAt, let now):
            return "discarded an expired handoff entry (it expired at \(Self.format(expiresAt)), now is \(Self.format(now)))"
        case .futureDated(let createdAt, let now):
            return "discarded a handoff entry dated in the future (created \(Self.format(createdAt)), now is \(Self.format(now)); the clock was changed)"
        case .unknownVersion(let version):
            return "discarded a handoff entry with envelope schema \(version); this ClipKit reads schema \(HandoffEnvelope.currentSchemaVersion) (update the app together with the clip)"
        case .wrongType(let expected, let found):
            return "discarded a handoff entry of type '\(found)' while expecting '\(expected)'"
        case .undecodablePayload(let typeName, let reason):
            return "discarded a handoff entry whose '\(typeName)' payload does not decode as the app's type for it: \(reason)"
        case .storageFailed(let error):
            return "could not read the shared store: \(error.description)"
        }
    }

    static func format(_ date: Date) -> String {
        "\(Int(date.timeIntervalSince1970.rounded(.down))) (Unix seconds)"
    }
}

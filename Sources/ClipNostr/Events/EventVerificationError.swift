import ClipKit
import Foundation

/// Why an event is not genuine, or not well-formed enough to check.
public enum EventVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `id` is not 64 lowercase hex characters.
    case malformedID
    /// `pubkey` is not 64 lowercase hex characters.
    case malformedPublicKey
    /// `sig` is not 128 lowercase hex characters.
    case malformedSignature
    /// `created_at` is negative.
    case negativeCreationTime(Int64)
    /// `kind` is outside 0…65,535.
    case kindOutOfRange(Int)
    /// A tag has no strings.
    case emptyTag(index: Int)
    /// The tags are more, longer or bigger than ``EventLimits`` allow; the associated value says which.
    case tagsTooLarge(String)
    /// `content` has more bytes than ``EventLimits/maximumContentBytes``.
    case contentTooLarge(bytes: Int, limit: Int)
    /// The fields hash to another id than the one the event carries.
    case idMismatch(claimed: String, computed: String)
    /// The public key is not a point on secp256k1.
    case publicKeyNotOnCurve
    /// The signature does not verify for the id and public key.
    case invalidSignature
    /// No signature backend is available; the event cannot be trusted.
    case verifierUnavailable(String)

    /// A stable, machine-readable name for the reason (`id-mismatch`, `invalid-signature`, …).
    public var code: String {
        switch self {
        case .malformedID: return "malformed-id"
        case .malformedPublicKey: return "malformed-pubkey"
        case .malformedSignature: return "malformed-signature"
        case .negativeCreationTime: return "negative-created-at"
        case .kindOutOfRange: return "kind-out-of-range"
        case .emptyTag: return "empty-tag"
        case .tagsTooLarge: return "tags-too-large"
        case .contentTooLarge: return "content-too-large"
        case .idMismatch: return "id-mismatch"
        case .publicKeyNotOnCurve: return "pubkey-not-on-curve"
        case .invalidSignature: return "invalid-signature"
        case .verifierUnavailable: return "verifier-unavailable"
        }
    }

    /// What is wrong, for a person.
    public var description: String {
        switch self {
        case .malformedID:
            return "the id is not 64 lowercase hexadecimal characters"
        case .malformedPublicKey:
            return "the pubkey is not 64 lowercase hexadecimal characters"
        case .malformedSignature:
            return "the sig is not 128 lowercase hexadecimal characters"
        case .negativeCreationTime(let value):
            return "created_at is negative (\(value))"
        case .kindOutOfRange(let kind):
            return "kind \(kind) is outside 0...65535"
        case .emptyTag(let index):
            return "tag \(index) has no elements; every tag needs at least a name"
        case .tagsTooLarge(let detail):
            return "the tags are too large: \(detail)"
        case .contentTooLarge(let bytes, let limit):
            return "the content has \(bytes) bytes, more than the limit of \(limit)"
        case .idMismatch(let claimed, let computed):
            return "the id does not match the event's fields: it says \(claimed) but the fields hash to \(computed); the event was altered or serialized wrongly"
        case .publicKeyNotOnCurve:
            return "the pubkey is not a valid secp256k1 x-only public key"
        case .invalidSignature:
            return "the signature does not verify for this id and pubkey; the event was not signed by this key"
        case .verifierUnavailable(let reason):
            return "signatures cannot be checked: \(reason)"
        }
    }
}

extension EventVerificationError: ClipKitError {
}

import ClipKit
import Foundation

/// A field of an event as ``EventFragment`` lays it out.
public enum EventFragmentField: String, Sendable, Equatable, CaseIterable {
    /// The leading version byte.
    case version
    /// The author's 32-byte x-only public key.
    case pubkey
    /// `created_at`, an unsigned LEB128 number.
    case createdAt = "created_at"
    /// The kind, an unsigned LEB128 number.
    case kind
    /// The 64-byte BIP-340 signature.
    case signature
    /// The content: a length and UTF-8 bytes.
    case content
    /// The tags: a count, then each tag's element count and elements.
    case tags
}

/// Why an event could not be put into a link fragment, or why a fragment does not hold one.
///
/// Every malformed, truncated, oversized or over-long input has its own case; nothing is guessed
/// or repaired.
public enum EventFragmentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The fragment is empty.
    case empty
    /// The fragment has more characters than `EventFragment.maximumCharacters`.
    case tooLong(characters: Int, limit: Int)
    /// The character at `offset` is not base64url (`A–Z a–z 0–9 - _`; no padding, no spaces).
    case invalidCharacter(offset: Int)
    /// The fragment's length cannot be unpadded base64url (one character too many or too few).
    case impossibleLength(Int)
    /// The last character has bits set past the last byte, so the text is not the one canonical encoding.
    case nonCanonicalBase64
    /// The version byte is one this library does not read.
    case unsupportedVersion(UInt8)
    /// The bytes end inside `field`.
    case truncated(EventFragmentField)
    /// A number in `field` is written with more bytes than it needs.
    case nonMinimalNumber(EventFragmentField)
    /// A number in `field` is larger than the field allows.
    case numberOutOfRange(EventFragmentField)
    /// The text in `field` is not valid UTF-8.
    case invalidUTF8(EventFragmentField)
    /// The tag at `index` has no elements.
    case emptyTag(index: Int)
    /// Bytes follow the last tag.
    case trailingBytes(Int)
    /// Encoding: the event cannot be laid out (a field is not well-formed); the associated value says which.
    case malformedEvent(EventVerificationError)
    /// Encoding: the event takes more bytes than ``EventFragment/maximumBytes``.
    case eventTooLarge(bytes: Int, limit: Int)
    /// The embedded event is by another key than the one in the link's path.
    case authorMismatch(expected: String, found: String)
    /// The embedded event is not a profile (kind 0).
    case notAProfile(kind: Int)
    /// The event after the fragment's ``EventFragment/partSeparator`` is not a relay list (kind 10002).
    case notARelayList(kind: Int)

    /// A stable, machine-readable name for the reason (`truncated`, `author-mismatch`, …).
    public var code: String {
        switch self {
        case .empty: return "empty"
        case .tooLong: return "too-long"
        case .invalidCharacter: return "invalid-character"
        case .impossibleLength: return "impossible-length"
        case .nonCanonicalBase64: return "non-canonical-base64"
        case .unsupportedVersion: return "unsupported-version"
        case .truncated: return "truncated"
        case .nonMinimalNumber: return "non-minimal-number"
        case .numberOutOfRange: return "number-out-of-range"
        case .invalidUTF8: return "invalid-utf8"
        case .emptyTag: return "empty-tag"
        case .trailingBytes: return "trailing-bytes"
        case .malformedEvent: return "malformed-event"
        case .eventTooLarge: return "event-too-large"
        case .authorMismatch: return "author-mismatch"
        case .notAProfile: return "not-a-profile"
        case .notARelayList: return "not-a-relay-list"
        }
    }

    /// What is wrong and where, for a person.
    public var description: String {
        switch self {
        case .empty:
            return "the link's fragment is empty; it holds no signed event"
        case .tooLong(let characters, let limit):
            return "the link's fragment has \(characters) characters, more than the \(limit) a signed event may take"
        case .invalidCharacter(let offset):
            return "the link's fragment has a character at offset \(offset) that is not base64url (A-Z a-z 0-9 - _, no padding)"
        case .impossibleLength(let length):
            return "the link's fragment has \(length) characters, a length unpadded base64url never has; it was cut or extended"
        case .nonCanonicalBase64:
            return "the link's fragment ends with a character that has stray bits; it is not the encoding of any event"
        case .unsupportedVersion(let version):
            return "the embedded event has format version \(version); this library reads version \(EventFragment.version)"
        case .truncated(let field):
            return "the embedded event ends inside its \(field.rawValue); the link was cut"
        case .nonMinimalNumber(let field):
            return "the embedded event's \(field.rawValue) is written with more bytes than it needs"
        case .numberOutOfRange(let field):
            return "the embedded event's \(field.rawValue) is out of range"
        case .invalidUTF8(let field):
            return "the embedded event's \(field.rawValue) is not valid UTF-8"
        case .emptyTag(let index):
            return "the embedded event's tag \(index) has no elements"
        case .trailingBytes(let count):
            return "\(count) bytes follow the embedded event's last tag"
        case .malformedEvent(let error):
            return "the event cannot be embedded in a link: \(error.description)"
        case .eventTooLarge(let bytes, let limit):
            return "the event takes \(bytes) bytes, more than the \(limit) a link may carry; shorten the profile (about, picture URL)"
        case .authorMismatch(let expected, let found):
            return "the embedded event is by \(found), not by \(expected) named in the link's path; it is ignored"
        case .notAProfile(let kind):
            return "the embedded event is of kind \(kind), not a profile (kind 0); it is ignored"
        case .notARelayList(let kind):
            return "the second embedded event is of kind \(kind), not a relay list (kind 10002); it is ignored"
        }
    }
}

extension EventFragmentError: ClipKitError {
}

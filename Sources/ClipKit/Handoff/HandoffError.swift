/// Why a handoff could not be offered, or a store could not be set up.
public enum HandoffError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store's key is not a storage key.
    case invalidKey(String)
    /// The lifetime is outside the range a handoff may live.
    case invalidLifetime(seconds: Int, allowed: ClosedRange<Int>)
    /// The payload type name is not a letter followed by up to 127 letters, digits, `.`, `_` or `-`.
    case invalidTypeName(String)
    /// The payload could not be encoded as JSON.
    case payloadNotEncodable(typeName: String, reason: String)
    /// The store offers the manifest's `handoff.types`, and this type is not one of them.
    case typeNotListed(String, listed: [String])
    /// The payload lacks a member its type needs, or has one the type does not allow.
    case payloadDoesNotFitType(typeName: String, reason: String)
    /// The encoded entry is larger than a handoff may be.
    case entryTooLarge(bytes: Int, limit: Int)
    /// The payload encodes, but the store would not hand it back (for example it fails its own strict decoding).
    case payloadRejected(HandoffDiagnostic)
    /// The shared store failed.
    case storageFailed(SharedDefaultsError)
    /// The manifest marks the type secret (`"secret": true`), and the App Group is no place for a secret.
    case secretTypeInAppGroup(String)

    /// The error an offer threw, as a `HandoffError`: itself when it is one, otherwise
    /// ``storageFailed(_:)`` with its description, for stores an adopter writes.
    package init(_ error: any Error) {
        if let error = error as? HandoffError {
            self = error
        } else {
            self = .storageFailed(SharedDefaultsError(error, operation: "offer", key: HandoffStore.defaultKey))
        }
    }

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .invalidKey(let key):
            return "'\(key.prefix(80))' cannot be a handoff key: use a letter, then up to 63 letters, digits, '_', '-' or '.'"
        case .invalidLifetime(let seconds, let allowed):
            return "a handoff cannot live \(seconds) seconds: choose \(allowed.lowerBound) to \(allowed.upperBound) (30 days), as handoff.ttlSeconds in clipkit.json"
        case .invalidTypeName(let name):
            return "'\(name.prefix(80))' cannot be a payload type name: use a letter, then up to 127 letters, digits, '.', '_' or '-' (like com.example.ticket)"
        case .payloadNotEncodable(let typeName, let reason):
            return "the '\(typeName)' payload cannot be encoded as JSON: \(reason)"
        case .typeNotListed(let typeName, let listed):
            return "'\(typeName.prefix(80))' is not a handoff type of this manifest (handoff.types lists \(listed.joined(separator: ", "))); add it to handoff.types in clipkit.json or hand off a listed type"
        case .payloadDoesNotFitType(_, let reason):
            return reason
        case .entryTooLarge(let bytes, let limit):
            return "the handoff entry would have \(bytes) bytes, more than the \(limit) allowed; hand off identifiers and let the app fetch the rest"
        case .payloadRejected(let diagnostic):
            return "the payload would not be accepted when claimed: \(diagnostic.description)"
        case .storageFailed(let error):
            return error.description
        case .secretTypeInAppGroup(let typeName):
            return "'\(typeName.prefix(80))' is a secret handoff type (\"secret\": true in handoff.types), and every target in the App Group can read what the App Group store holds; offer it through the keychain handoff (KeychainHandoffStore in ClipServices, iOS 15.4 and later)"
        }
    }
}

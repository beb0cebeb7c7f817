import ClipKit
import Foundation

/// Why a NIP-05 address could not be checked: the document could not be fetched or read, or it
/// lists the name with a key that is not a public key.
///
/// A name the document does not list, or lists with another key, is no error but a
/// ``NIP05Mismatch``; `NIP05Verifier.resolve(_:)` throws ``nameNotListed(_:url:)`` for it.
public enum NIP05Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not a NIP-05 address.
    case invalidAddress(String, NIP05AddressError)
    /// The server answered with a redirect; NIP-05 forbids following one.
    case redirect(url: URL, status: Int, location: String?)
    /// The server answered with a status other than 200.
    case httpStatus(url: URL, status: Int)
    /// The body is longer than the verifier accepts; reading stopped at the limit.
    case tooLarge(url: URL, limit: Int)
    /// No complete answer came within the verifier's timeout.
    case timedOut(url: URL, seconds: Double)
    /// The body is not strict JSON; the message says where.
    case notJSON(url: URL, reason: String)
    /// The body is JSON without the shape NIP-05 gives (`{"names": {…}}`).
    case invalidDocument(url: URL, reason: String)
    /// The document lists the name with a value that is not 64 lowercase hexadecimal characters.
    case invalidPublicKey(url: URL, name: String, value: String)
    /// The document does not list the name (from `NIP05Verifier.resolve(_:)`).
    case nameNotListed(NIP05Address, url: URL)
    /// The request failed before an answer: DNS, connection, TLS, or the connection dropped.
    case transport(url: URL, reason: String)

    /// A short stable code for reports: `invalid-address`, `redirect`, `http-status`, `too-large`,
    /// `timed-out`, `not-json`, `invalid-document`, `invalid-public-key`, `name-not-listed`, `transport`.
    public var code: String {
        switch self {
        case .invalidAddress: return "invalid-address"
        case .redirect: return "redirect"
        case .httpStatus: return "http-status"
        case .tooLarge: return "too-large"
        case .timedOut: return "timed-out"
        case .notJSON: return "not-json"
        case .invalidDocument: return "invalid-document"
        case .invalidPublicKey: return "invalid-public-key"
        case .nameNotListed: return "name-not-listed"
        case .transport: return "transport"
        }
    }

    /// What is wrong and where, for a person.
    public var description: String {
        switch self {
        case .invalidAddress(let text, let error):
            return "'\(text.prefix(80))' is not a NIP-05 address: \(error.description)"
        case .redirect(let url, let status, let location):
            return "\(url.absoluteString) answered \(status), a redirect to \(location ?? "(no Location)"); NIP-05 documents are never fetched through redirects"
        case .httpStatus(let url, let status):
            return "\(url.absoluteString) answered HTTP \(status), not 200"
        case .tooLarge(let url, let limit):
            return "\(url.absoluteString) sent more than \(limit) bytes; reading stopped there"
        case .timedOut(let url, let seconds):
            return "\(url.absoluteString) did not answer within \(Self.format(seconds)) s"
        case .notJSON(let url, let reason):
            return "\(url.absoluteString) is not JSON: \(reason)"
        case .invalidDocument(let url, let reason):
            return "\(url.absoluteString) is not a NIP-05 document: \(reason)"
        case .invalidPublicKey(let url, let name, let value):
            return "\(url.absoluteString) lists '\(name)' with '\(value.prefix(80))', not a public key of 64 lowercase hexadecimal characters"
        case .nameNotListed(let address, let url):
            return "\(url.absoluteString) does not list '\(address.localPart)', so \(address) names no key"
        case .transport(let url, let reason):
            return "\(url.absoluteString) could not be fetched: \(reason)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

extension NIP05Error: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .redirect: return "Serve /.well-known/nostr.json from the address's own domain, without a redirect."
        case .tooLarge: return "Serve a document that lists only the name asked for (?name=)."
        case .invalidPublicKey: return "List the key in hex (64 lowercase characters), not as an npub."
        default: return nil
        }
    }
}

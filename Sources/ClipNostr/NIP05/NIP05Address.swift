import ClipKit
import Foundation

/// A NIP-05 internet identifier such as `maria@roadflare.app`: a name that a domain vouches for by
/// listing the person's public key in its `/.well-known/nostr.json`.
///
/// The local part is limited to `a-z`, `0-9`, `-`, `_` and `.` and compared without regard to case,
/// so it is kept in lowercase; `_@domain` is the domain's own identifier and reads as the bare
/// domain. The domain is a host name or address, with an optional port. Addresses arrive from
/// profiles and links, so they are checked and capped before any request is made.
///
/// ```swift
/// let address = try NIP05Address("Maria@RoadFlare.app")
/// address.localPart        // "maria"
/// address.wellKnownURL     // https://roadflare.app/.well-known/nostr.json?name=maria
/// ```
public struct NIP05Address: Sendable, Hashable, CustomStringConvertible {
    /// The longest address accepted, in UTF-8 bytes.
    @_spi(ClipKitTooling) public static let maximumLength = 320

    /// The name before the `@`, in lowercase.
    public let localPart: String
    /// The domain after the `@`, in lowercase, with its port when one was given.
    public let domain: String
    /// Whether the domain is the loopback interface (`localhost`, `127.x.x.x`, `::1`), where a
    /// verifier may be allowed plain `http` for local servers and tests.
    @_spi(ClipKitTooling) public let isLoopback: Bool

    /// Checks `text` and creates the address.
    ///
    /// - Throws: ``NIP05AddressError`` naming what is wrong.
    public init(_ text: String) throws {
        try self.init(checking: text)
    }

    /// The initializer above with its error typed, for this package.
    package init(checking text: String) throws(NIP05AddressError) {
        guard !text.isEmpty else { throw NIP05AddressError.empty }
        guard text.utf8.count <= Self.maximumLength else { throw NIP05AddressError.tooLong(text.utf8.count, limit: Self.maximumLength) }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw NIP05AddressError.notOneAtSign }
        let local = parts[0].lowercased()
        guard !local.isEmpty else { throw NIP05AddressError.emptyLocalPart }
        if let bad = local.unicodeScalars.first(where: { !Self.localPartCharacters.contains($0) }) {
            throw NIP05AddressError.invalidLocalPartCharacter(String(bad))
        }
        let domain = parts[1].lowercased()
        guard !domain.isEmpty else { throw NIP05AddressError.emptyDomain }
        guard domain.unicodeScalars.allSatisfy({ Self.domainCharacters.contains($0) }),
              let components = URLComponents(string: "https://\(domain)"),
              let host = components.host, !host.isEmpty,
              components.path.isEmpty, components.query == nil, components.fragment == nil,
              components.user == nil, components.password == nil
        else { throw NIP05AddressError.invalidDomain(String(parts[1])) }
        var document = URLComponents()
        document.scheme = "https"
        document.host = host
        document.port = components.port
        document.path = "/.well-known/nostr.json"
        document.queryItems = [URLQueryItem(name: "name", value: local)]
        guard let url = document.url else { throw NIP05AddressError.invalidDomain(String(parts[1])) }
        let loopback = RelayURL.isLoopbackHost(host)
        document.scheme = "http"
        localPart = local
        self.domain = domain
        isLoopback = loopback
        wellKnownURL = url
        loopbackHTTPURL = loopback ? document.url : nil
    }

    /// The address as people write it: `name@domain`, or the bare domain for `_@domain`.
    public var description: String {
        localPart == "_" ? domain : "\(localPart)@\(domain)"
    }

    /// The full `name@domain` form, `_@domain` included.
    public var identifier: String { "\(localPart)@\(domain)" }

    /// The document that vouches for the name: `https://<domain>/.well-known/nostr.json?name=<local part>`.
    @_spi(ClipKitTooling) public let wellKnownURL: URL

    /// The same document over plain `http`, for a loopback domain only (local servers and tests).
    let loopbackHTTPURL: URL?

    private static let localPartCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-_.")
    private static let domainCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-.:[]")
}

/// Why a string is not a NIP-05 address.
public enum NIP05AddressError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The string is empty.
    case empty
    /// The string has more bytes than allowed.
    case tooLong(Int, limit: Int)
    /// The string does not have exactly one `@`.
    case notOneAtSign
    /// Nothing comes before the `@`.
    case emptyLocalPart
    /// The name has a character outside `a-z0-9-_.`.
    case invalidLocalPartCharacter(String)
    /// Nothing comes after the `@`.
    case emptyDomain
    /// The domain is not a host name or address with an optional port.
    case invalidDomain(String)

    /// What is wrong, for a person.
    public var description: String {
        switch self {
        case .empty: return "the NIP-05 address is empty; expected name@domain"
        case .tooLong(let count, let limit): return "the NIP-05 address has \(count) bytes, more than the \(limit) accepted"
        case .notOneAtSign: return "a NIP-05 address has exactly one '@', as in name@domain"
        case .emptyLocalPart: return "the NIP-05 address has no name before the '@'; use _@domain for the domain itself"
        case .invalidLocalPartCharacter(let character):
            return "the NIP-05 name has '\(character)'; names use only a-z, 0-9, '-', '_' and '.'"
        case .emptyDomain: return "the NIP-05 address has no domain after the '@'"
        case .invalidDomain(let domain): return "'\(domain)' is not a domain name (with an optional port)"
        }
    }
}

extension NIP05AddressError: ClipKitError {
}

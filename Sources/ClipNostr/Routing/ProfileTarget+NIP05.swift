import ClipKit
import Foundation

@available(iOS 16.0, macOS 13.0, *)
extension ProfileTarget {
    /// Resolves `text` like ``init(resolving:router:)``, and also a NIP-05 address (`maria@roadflare.app`,
    /// a `nostr:` prefix accepted, or a share URL whose `nostrPerson` parameter holds one): its
    /// domain's `nostr.json` gives the key, and the document's `relays` entry for that key gives
    /// the relay hints.
    ///
    /// ```swift
    /// let target = try await ProfileTarget.resolve("maria@roadflare.app", router: router, verifier: NIP05Verifier())
    /// ```
    ///
    /// - Parameters:
    ///   - text: An npub, an nprofile, a share URL or a NIP-05 address.
    ///   - router: The manifest's router; needed only for share URLs.
    ///   - verifier: Looks NIP-05 addresses up, with its body cap and timeout.
    /// - Throws: ``ProfileTargetNameLookupError``: the synchronous resolution's error, or why the
    ///   address could not be looked up.
    public static func resolve(
        _ text: String, router: InvocationRouter?, verifier: NIP05Verifier
    ) async throws -> ProfileTarget {
        let address: NIP05Address
        var route: String?
        if let direct = try nip05Address(in: text) {
            address = direct
        } else {
            do {
                return try ProfileTarget(resolving: text, router: router)
            } catch {
                // A share URL whose nostrPerson parameter holds a NIP-05 address is looked up too.
                guard case .needsNameLookup(let routed) = error else { throw ProfileTargetNameLookupError.target(error) }
                address = routed
                if case .success(let match)? = router?.route(text) { route = match.route }
            }
        }
        do {
            let identity = try await verifier.resolve(address)
            return ProfileTarget(publicKey: identity.publicKey, relayHints: identity.relayHints.map(\.string), route: route)
        } catch {
            throw ProfileTargetNameLookupError.lookup(error)
        }
    }

    /// The NIP-05 address `text` is, when it has an `@` and is not a URL; `nil` otherwise.
    ///
    /// - Throws: ``ProfileTargetNameLookupError/lookup(_:)`` with ``NIP05Error/invalidAddress(_:_:)``
    ///   when it looks like one and is not.
    public static func nip05Address(in text: String) throws -> NIP05Address? {
        var candidate = Substring(text)
        if candidate.lowercased().hasPrefix("nostr:") { candidate = candidate.dropFirst("nostr:".count) }
        guard candidate.contains("@"), !candidate.contains("://") else { return nil }
        do {
            return try NIP05Address(checking: String(candidate))
        } catch {
            throw ProfileTargetNameLookupError.lookup(.invalidAddress(String(candidate), error))
        }
    }

    /// A target whose key and hints were already checked (a NIP-05 identity's).
    init(publicKey: String, relayHints: [String], route: String?) {
        self.publicKey = publicKey
        self.relayHints = relayHints
        self.route = route
    }
}

/// Why ``ProfileTarget/resolve(_:router:verifier:)`` found no profile target.
@_spi(ClipKitTooling)
public enum ProfileTargetNameLookupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is no npub, nprofile or share URL (and no NIP-05 address).
    case target(ProfileTargetError)
    /// The text is a NIP-05 address that could not be looked up, or that its domain does not list.
    case lookup(NIP05Error)

    /// What is wrong, for a person.
    public var description: String {
        switch self {
        case .target(let error): return error.description
        case .lookup(let error): return "the NIP-05 address could not be resolved: \(error.description)"
        }
    }
}

extension ProfileTargetNameLookupError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .target(let error): return error.recoverySuggestion
        case .lookup(let error): return error.recoverySuggestion
        }
    }
}

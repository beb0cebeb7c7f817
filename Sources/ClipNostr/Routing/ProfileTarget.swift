import Foundation
import ClipKit

/// Whose profile to fetch, and where to look first: read from an `npub`, an `nprofile`, an
/// `nevent` that names its author, an `naddr` of a profile (kind 0), or a share URL that the
/// manifest's router maps to a route with an `npub`, `nostrProfile` or `nostrPerson` parameter.
///
/// A NIP-05 address (`name@domain`, bare or routed) is recognized but not looked up here: that
/// needs the network, so it throws ``ProfileTargetError/needsNameLookup(_:)``.
///
/// ```swift
/// let target = try ProfileTarget(resolving: "https://roadflare.app/share/d/npub1…", router: router)
/// let fetch = try ProfileFetcher().fetchProfile(of: target.publicKey, from: relays)
/// ```
@_spi(ClipKitTooling)
public struct ProfileTarget: Sendable, Equatable {
    /// The person's public key: 64 lowercase hexadecimal characters.
    public let publicKey: String
    /// Relay hints from an `nprofile`, `nevent` or `naddr` (already checked), most useful first.
    public let relayHints: [String]
    /// The route that matched, when the target was a share URL.
    public let route: String?

    /// Resolves `text`: a NIP-19 string (a `nostr:` prefix is accepted) or an `https` share URL.
    ///
    /// - Parameters:
    ///   - text: What the person gave: an `npub`, `nprofile`, `nevent` (with its author), `naddr`
    ///     (kind 0) or a share URL.
    ///   - router: The manifest's router; needed only for share URLs.
    /// - Throws: ``ProfileTargetError`` saying what is wrong with `text`.
    public init(resolving text: String, router: InvocationRouter?) throws(ProfileTargetError) {
        guard text.contains("://") else {
            self.init(person: try Self.person(in: text), route: nil)
            return
        }
        guard let router else { throw .needsManifest }
        let match: RouteMatch
        switch router.route(text) {
        case .success(let found): match = found
        case .failure(let failure): throw .noRoute(failure.description)
        }
        let profileKinds = ParameterKind.nostrKindNames
        let compiled = router.routes.first { $0.name == match.route }
        let names = (compiled?.parameterKinds ?? [:]).filter { profileKinds.contains($0.value.name) }.keys.sorted()
        guard let name = names.first, let value = match.parameters[name] else {
            throw .routeHasNoProfile(route: match.route)
        }
        self.init(person: try Self.person(in: value), route: match.route)
    }

    private init(person: (publicKey: String, relays: [String]), route: String?) {
        publicKey = person.publicKey
        relayHints = person.relays
        self.route = route
    }

    /// The person `text` names: a NIP-19 string read to its author and hints, or a NIP-05 address
    /// (which throws, as it has to be looked up).
    private static func person(in text: String) throws(ProfileTargetError) -> (publicKey: String, relays: [String]) {
        let entity: NIP19Entity
        do {
            entity = try NIP19.checkedDecode(text)
        } catch {
            if text.contains("@"), let address = try? NIP05Address(text) { throw .needsNameLookup(address) }
            throw .notAProfileReference(error.description)
        }
        switch entity.personReference() {
        case .success(let person):
            return (person.publicKey, person.relays)
        case .failure(let reason):
            throw .notAProfileReference(reason.description)
        }
    }
}

/// Why a profile target could not be resolved.
@_spi(ClipKitTooling)
public enum ProfileTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text names no profile (not an npub, nprofile, nevent with an author or naddr of kind
    /// 0); the associated value says why.
    case notAProfileReference(String)
    /// The text is a NIP-05 address, which names a person only once its domain is asked: the
    /// lookup is network work this initializer does not do.
    case needsNameLookup(NIP05Address)
    /// The text is a URL, but no manifest was given to route it.
    case needsManifest
    /// No route of the manifest matches the URL.
    case noRoute(String)
    /// The matching route has no `npub`, `nostrProfile` or `nostrPerson` parameter.
    case routeHasNoProfile(route: String)

    /// What is wrong, for a person.
    public var description: String {
        switch self {
        case .notAProfileReference(let reason):
            return "not an npub, nprofile, nevent, naddr, NIP-05 address or share URL: \(reason)"
        case .needsNameLookup(let address):
            return "'\(address.identifier)' is a NIP-05 address; its public key has to be looked up at \(address.wellKnownURL.absoluteString) first"
        case .needsManifest:
            return "a share URL is routed through the manifest, and none was found; pass --manifest or an npub"
        case .noRoute(let reason):
            return "the URL matches no route of the manifest: \(reason)"
        case .routeHasNoProfile(let route):
            return "route '\(route)' has no npub, nostrProfile or nostrPerson parameter, so it names no profile"
        }
    }
}

extension ProfileTargetError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        if case .needsManifest = self { return "Pass --manifest, or give an npub." }
        return nil
    }
}

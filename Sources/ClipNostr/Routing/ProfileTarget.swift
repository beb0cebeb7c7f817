import Foundation
import ClipKit

/// Whose profile to fetch, and where to look first: read from an `npub`, an `nprofile`, or a share
/// URL that the manifest's router maps to a route with an `npub` (or `nostrProfile`) parameter.
///
/// ```swift
/// let target = try ProfileTarget(resolving: "https://roadflare.app/share/d/npub1…", router: router)
/// let fetch = try RelayPool().fetchProfile(of: target.publicKey, from: relays)
/// ```
public struct ProfileTarget: Sendable, Equatable {
    /// The person's public key: 64 lowercase hexadecimal characters.
    public let publicKey: String
    /// Relay hints from an `nprofile` (already checked), most useful first.
    public let relayHints: [String]
    /// The route that matched, when the target was a share URL.
    public let route: String?

    /// Resolves `text`: a NIP-19 string (a `nostr:` prefix is accepted) or an `https` share URL.
    ///
    /// - Parameters:
    ///   - text: What the person gave: an `npub`, an `nprofile` or a share URL.
    ///   - router: The manifest's router; needed only for share URLs.
    /// - Throws: ``ProfileTargetError`` saying what is wrong with `text`.
    public init(resolving text: String, router: InvocationRouter?) throws(ProfileTargetError) {
        guard text.contains("://") else {
            let entity: NIP19Entity
            do {
                entity = try NIP19.decode(text)
            } catch {
                throw .notAProfileReference(error.description)
            }
            self.init(entity: entity, route: nil)
            return
        }
        guard let router else { throw .needsManifest }
        let match: RouteMatch
        switch router.route(text) {
        case .success(let found): match = found
        case .failure(let failure): throw .noRoute(failure.description)
        }
        let profileKinds: Set<String> = [ParameterKind.npub.name, ParameterKind.nostrProfile.name]
        let compiled = router.routes.first { $0.name == match.route }
        let names = (compiled?.parameterKinds ?? [:]).filter { profileKinds.contains($0.value.name) }.keys.sorted()
        guard let name = names.first, let value = match.parameters[name] else {
            throw .routeHasNoProfile(route: match.route)
        }
        do {
            self.init(entity: try NIP19.decode(value), route: match.route)
        } catch {
            throw .notAProfileReference(error.description)
        }
    }

    private init(entity: NIP19Entity, route: String?) {
        publicKey = entity.publicKey
        relayHints = entity.relays
        self.route = route
    }
}

/// Why a profile target could not be resolved.
public enum ProfileTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not an npub or nprofile; the associated value says why.
    case notAProfileReference(String)
    /// The text is a URL, but no manifest was given to route it.
    case needsManifest
    /// No route of the manifest matches the URL.
    case noRoute(String)
    /// The matching route has no `npub` or `nostrProfile` parameter.
    case routeHasNoProfile(route: String)

    /// What is wrong, for a person.
    public var description: String {
        switch self {
        case .notAProfileReference(let reason):
            return "not an npub, nprofile or share URL: \(reason)"
        case .needsManifest:
            return "a share URL is routed through the manifest, and none was found; pass --manifest or an npub"
        case .noRoute(let reason):
            return "the URL matches no route of the manifest: \(reason)"
        case .routeHasNoProfile(let route):
            return "route '\(route)' has no npub or nostrProfile parameter, so it names no profile"
        }
    }
}

extension ProfileTargetError: LocalizedError {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        if case .needsManifest = self { return "Pass --manifest, or give an npub." }
        return nil
    }
}

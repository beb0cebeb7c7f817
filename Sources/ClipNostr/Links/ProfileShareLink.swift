import Foundation
@_spi(ClipKitTooling) import ClipKit

/// A share link for a person's profile, with their signed kind-0 event in the fragment when one
/// is given, so that the clip shows them before any relay answers: what a share button makes.
///
/// ```swift
/// let router = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
/// let link = try ProfileShareLink(signedProfile: myProfileEvent, router: router)
/// share(link.url)   // https://roadflare.app/share/d/npub1…#AcvZx3oG…
/// ```
///
/// The link is made from the manifest's route (the first that accepts a signed profile, unless one
/// is named), then routed back through `router` to check that it reaches that route with that key.
/// A signed profile is verified before it is embedded, so a share button never hands out a link
/// the clip would reject.
public struct ProfileShareLink: Sendable, Equatable, Encodable {
    /// The link.
    public let url: String
    /// Its length in characters (ASCII, so also bytes).
    public let length: Int
    /// Whether the signed profile is in the fragment.
    public let embedded: Bool
    /// Whether the author's signed relay list (kind 10002) is in the fragment too.
    public let carriesRelayList: Bool

    /// A link that carries `signedProfile` (a kind-0 event) in its fragment and, when given, the
    /// author's `relayList` (kind 10002), so the clip asks the author's write relays at once.
    ///
    /// - Parameters:
    ///   - signedProfile: The person's kind-0 event, as signed; verified here.
    ///   - relayList: The same person's kind-10002 event, as signed; verified here. `nil` for none.
    ///   - router: The router built from the manifest, with ClipNostr's parameter kinds.
    ///   - route: The route to use; by default the first whose `fragment` is `signedProfile`.
    ///   - verifier: Checks the events before they are embedded.
    /// - Throws: ``ProfileShareLinkError``.
    public init(
        signedProfile: NostrEvent, relayList: NostrEvent? = nil, router: InvocationRouter, route: String? = nil,
        verifier: EventVerifier = EventVerifier()
    ) throws {
        guard signedProfile.kind == 0 else { throw ProfileShareLinkError.fragment(.notAProfile(kind: signedProfile.kind)) }
        if case .failure(let error) = verifier.verify(signedProfile) { throw ProfileShareLinkError.notGenuine(error) }
        if let relayList, case .failure(let error) = verifier.verify(relayList) { throw ProfileShareLinkError.notGenuine(error) }
        let fragment: String
        do throws(EventFragmentError) {
            if let relayList {
                fragment = try EventFragment.checkedEncode(profile: signedProfile, relayList: relayList)
            } else {
                fragment = try EventFragment.checkedEncode(signedProfile)
            }
        } catch {
            throw ProfileShareLinkError.fragment(error)
        }
        let chosen = try Self.route(named: route, in: router, embedding: true)
        try self.init(publicKey: signedProfile.pubkey, route: chosen, router: router, fragment: fragment)
    }

    /// A plain link for `publicKey` (hex, `npub`, `nprofile`, an `nevent` with its author or an
    /// `naddr` of kind 0), without a signed profile.
    ///
    /// - Parameters:
    ///   - publicKey: The profile's key: hex, or a NIP-19 string that names the person.
    ///   - router: The manifest's router, with ClipNostr's parameter kinds.
    ///   - route: The route to use; by default the first handled by the clip that
    ///     captures an `npub`.
    /// - Throws: ``ProfileShareLinkError``.
    public init(publicKey: String, router: InvocationRouter, route: String? = nil) throws {
        let hex: String
        if let decoded = Hex.decodeLowercase(publicKey, byteCount: 32) {
            hex = Hex.encode(decoded)
        } else {
            let entity: NIP19Entity
            do {
                entity = try NIP19.checkedDecode(publicKey)
            } catch {
                throw ProfileShareLinkError.invalidKey(error.description)
            }
            switch entity.personReference() {
            case .success(let person): hex = person.publicKey
            case .failure(let reason): throw ProfileShareLinkError.invalidKey(reason.description)
            }
        }
        let chosen = try Self.route(named: route, in: router, embedding: false)
        try self.init(publicKey: hex, route: chosen, router: router, fragment: nil)
    }

    private init(publicKey: String, route: InvocationRouter.CompiledRoute, router: InvocationRouter, fragment: String?) throws(ProfileShareLinkError) {
        let npub: String
        do {
            npub = try NIP19.checkedEncodePublicKey(publicKey)
        } catch {
            throw .invalidKey(error.description)
        }
        guard let parameter = Self.keyParameter(of: route),
              let pattern = route.patterns.first,
              let base = pattern.url(filling: [parameter: npub])
        else { throw .routeTakesNoKey(route.name) }
        let url = fragment.map { base + "#" + $0 } ?? base
        switch router.route(url) {
        case .failure(let failure):
            throw .doesNotRoute(url: base, failure.description)
        case .success(let match):
            guard match.route == route.name, match.parameters[parameter] == npub, match.fragment == fragment else {
                throw .doesNotRoute(url: base, "it reaches route '\(match.route)' instead of '\(route.name)'")
            }
        }
        self.url = url
        length = url.utf8.count
        embedded = fragment != nil
        carriesRelayList = fragment?.contains(EventFragment.partSeparator) ?? false
    }

    private static func keyParameter(of route: InvocationRouter.CompiledRoute) -> String? {
        let names = route.patterns.first?.captureNames ?? []
        guard names.count == 1, let name = names.first, let kind = route.parameterKinds[name],
              ParameterKind.nostrKindNames.contains(kind.name)
        else { return nil }
        return name
    }

    private static func route(named name: String?, in router: InvocationRouter, embedding: Bool) throws(ProfileShareLinkError) -> InvocationRouter.CompiledRoute {
        if let name {
            guard let route = router.route(named: name) else { throw .noSuchRoute(name) }
            if embedding, route.fragment != .signedProfile { throw .routeTakesNoSignedProfile(name) }
            return route
        }
        let candidates = router.routes.filter { route in
            keyParameter(of: route) != nil && (embedding ? route.fragment == .signedProfile : route.handledBy == .clip)
        }
        guard let first = candidates.first else { throw .noProfileRoute(embedding: embedding) }
        return first
    }
}

/// Why a profile share link could not be made.
public enum ProfileShareLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key is neither 64 lowercase hex characters nor a NIP-19 string that names a person.
    case invalidKey(String)
    /// The event does not verify, so the clip would reject it.
    case notGenuine(EventVerificationError)
    /// The event cannot be embedded (not a profile, too large, malformed).
    case fragment(EventFragmentError)
    /// The manifest has no route of that name.
    case noSuchRoute(String)
    /// The named route does not declare `"fragment": "signedProfile"`.
    case routeTakesNoSignedProfile(String)
    /// The route does not capture exactly one `npub`, `nostrProfile` or `nostrPerson` parameter.
    case routeTakesNoKey(String)
    /// No route fits: none takes a signed profile (`embedding`) or none handled by the clip captures an npub.
    case noProfileRoute(embedding: Bool)
    /// The made link does not route back to its route.
    case doesNotRoute(url: String, String)

    /// A stable, machine-readable name for the reason.
    public var code: String {
        switch self {
        case .invalidKey: return "invalid-key"
        case .notGenuine: return "not-genuine"
        case .fragment(let error): return error.code
        case .noSuchRoute: return "no-such-route"
        case .routeTakesNoSignedProfile: return "route-takes-no-signed-profile"
        case .routeTakesNoKey: return "route-takes-no-key"
        case .noProfileRoute: return "no-profile-route"
        case .doesNotRoute: return "does-not-route"
        }
    }

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .invalidKey(let reason):
            return "the key is not a public key: \(reason)"
        case .notGenuine(let error):
            return "the profile event is not genuine (\(error.code)): \(error.description); sign it again"
        case .fragment(let error):
            return error.description
        case .noSuchRoute(let name):
            return "the manifest has no route named '\(name)'"
        case .routeTakesNoSignedProfile(let name):
            return "route '\(name)' does not accept a signed profile; add \"fragment\": \"signedProfile\" to it in clipkit.json"
        case .routeTakesNoKey(let name):
            return "route '\(name)' does not capture exactly one npub parameter, so no profile link can be made from it"
        case .noProfileRoute(let embedding):
            return embedding
                ? "no route in the manifest accepts a signed profile; add \"fragment\": \"signedProfile\" to the route of share links"
                : "no route handled by the clip captures an npub parameter"
        case .doesNotRoute(let url, let reason):
            return "the link \(url) does not route back to its route: \(reason)"
        }
    }
}

extension ProfileShareLinkError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .notGenuine: return "Sign the profile event again."
        case .routeTakesNoSignedProfile, .noProfileRoute(true):
            return "Add \"fragment\": \"signedProfile\" to the route of share links in clipkit.json."
        case .fragment(let error): return error.recoverySuggestion
        default: return nil
        }
    }
}

import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import Foundation

/// Looks up the verified kind-0 profile of a route's `npub` parameter on Nostr relays, for
/// share-page previews.
///
/// The relay pool verifies every event (id and signature) before it counts; the newest verified
/// profile wins. A route without an `npub` parameter has no profile. A lookup that no relay
/// answered (every one failed or timed out) throws, so ``ShareProfileCache`` keeps it for its
/// short failure lifetime rather than as a definite absence.
///
/// With a ``/ClipNostr/NIP05Verifier``, the profile's `nip05` field is checked against its key
/// (no redirects, a body cap, the verifier's timeout) and shown only when the domain lists it, and
/// a parameter that names the person by a NIP-05 address (a `nostrPerson` route) is looked up the
/// same way first. Only the configured relays are asked, plus the author's write relays within
/// the pool's bounds: relay hints from a link or a domain would let anyone point the server's
/// shared connections at any host.
///
/// For a server, give the pool a ``SharedRelayConnections`` transport factory, so lookups share one
/// long-lived connection per relay instead of opening their own.
package struct NostrShareProfileProvider: ShareProfileProvider {
    /// The relays asked.
    package let relays: [RelayURL]
    /// The pool that fetches and verifies.
    package let pool: RelayPool
    /// The route parameter that holds the key.
    package let parameter: String
    /// Checks profiles' `nip05` fields; `nil` shows none.
    package let nip05Verifier: NIP05Verifier?

    /// Creates a provider that asks `relays`, and checks NIP-05 addresses with `nip05Verifier`.
    package init(
        relays: [RelayURL], pool: RelayPool = RelayPool(transportFactory: RelayTransports.tooling), parameter: String = "npub",
        nip05Verifier: NIP05Verifier? = NIP05Verifier()
    ) {
        self.nip05Verifier = nip05Verifier
        self.relays = relays
        self.pool = pool
        self.parameter = parameter
    }

    /// The public key in hex, so every spelling of one key (and every route that names it) shares
    /// one lookup; `nil` when the route has no key parameter or no relays are configured.
    package func lookupKey(for request: ShareProfileRequest) -> String? {
        guard !relays.isEmpty, let key = request.parameters[parameter] else { return nil }
        if let address = try? ProfileTarget.nip05Address(in: key) { return nip05Verifier == nil ? nil : "nip05:" + address.identifier }
        return (try? NIP19.decode(key).publicKey).map { "nostr:" + $0 }
    }

    /// The newest verified profile of the request's npub, or `nil` when there is none.
    ///
    /// - Throws: A NIP-19 error for a parameter that is not a key, or
    ///   ``NostrProfileLookupError`` when no relay answered.
    package func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        guard let key = request.parameters[parameter], !relays.isEmpty else { return nil }
        let publicKey: String
        if let address = try? ProfileTarget.nip05Address(in: key) {
            guard let verifier = nip05Verifier else { return nil }
            do {
                publicKey = try await verifier.resolve(address).publicKey
            } catch {
                // A domain that answered and lists no such name is a definite absence; anything
                // else (a timeout, a refused redirect) is a failure the cache retries soon.
                if case .nameNotListed = error { return nil }
                throw error
            }
        } else {
            guard let decoded = try NIP19.decode(key).publicKey else { return nil }
            publicKey = decoded
        }
        var final: ProfileFetchUpdate?
        for await update in try pool.fetchProfile(of: publicKey, from: relays) where update.isFinal { final = update }
        guard let found = final?.profile else {
            let reports = final?.relays ?? []
            let answered = reports.contains { report in
                switch report.state.outcome {
                case .endOfStoredEvents?, .closed?: return true
                default: return false
                }
            }
            if answered { return nil }
            throw NostrProfileLookupError(outcomes: reports.map { "\($0.relay.string): \($0.state.outcome?.description ?? "unfinished")" })
        }
        guard var profile = ShareProfile(nostrProfile: found.profile, createdAt: found.event.createdAt) else { return nil }
        if let verifier = nip05Verifier, let check = await verifier.verify(found.profile, publicKey: found.event.pubkey),
           let identity = check.identity {
            profile.verifiedNIP05 = identity.address.description
        }
        return profile
    }
}

extension ShareProfile {
    /// The custom kind-0 fields that make up a driver's car, in the order they are shown.
    static let carFields = ["car_color", "car_make", "car_model"]
    /// The label of the car detail.
    static let carLabel = "Car"

    /// The preview of a verified kind-0 profile: its preferred name, picture, about, and the car
    /// (RoadFlare's `car_color`, `car_make`, `car_model`) as a detail; `nil` when it has no name.
    ///
    /// Share pages apply the same mapping in the browser to a signed profile carried in a link.
    ///
    /// - Parameters:
    ///   - nostrProfile: The profile, read from an event that was verified.
    ///   - createdAt: The event's `created_at`, in seconds since 1970.
    package init?(nostrProfile: Profile, createdAt: Int64) {
        guard let name = nostrProfile.preferredName else { return nil }
        let car = Self.carFields.compactMap { nostrProfile.custom[$0]?.stringValue }.joined(separator: " ")
        self.init(
            name: name, pictureURL: nostrProfile.picture?.absoluteString, about: nostrProfile.about,
            details: car.isEmpty ? [] : [ShareProfile.Detail(label: Self.carLabel, value: car)],
            createdAt: Date(timeIntervalSince1970: TimeInterval(createdAt))
        )
    }
}

/// No relay answered a profile lookup: each failed, was refused or timed out.
package struct NostrProfileLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Each relay and how its part ended.
    package let outcomes: [String]

    /// What happened, relay by relay.
    package var description: String {
        "no relay answered the profile lookup (\(outcomes.joined(separator: "; "))); it is retried after the failure lifetime"
    }
}

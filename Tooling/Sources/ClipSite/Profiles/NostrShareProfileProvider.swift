@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import Foundation

/// Looks up the verified kind-0 profile of a route's person parameter on Nostr relays, for
/// share-page previews, with ClipNostr's ``/ClipNostr/ProfileLookup``: the same lookup, and the
/// same reading of what relays answered, as the clip's preview and `clipkit profile`.
///
/// The relay fetcher verifies every event (id and signature) before it counts; the newest verified
/// profile wins. A route without the parameter has no profile. A lookup that learned nothing (no
/// relay sent `EOSE`: each failed, refused the subscription with `CLOSED` or timed out) throws,
/// so ``ShareProfileCache`` keeps it for its short failure lifetime rather than as a definite
/// absence.
///
/// With a ``/ClipNostr/NIP05Verifier``, the profile's `nip05` field is checked against its key
/// beside the fetch, within the lookup's deadline, and shown only when the domain lists it; a
/// parameter that names the person by a NIP-05 address (a `nostrPerson` route) is resolved first,
/// within the same deadline. Only the configured relays are asked, plus the author's write relays
/// within the fetcher's bounds: relay hints from a link or a domain would let anyone point the
/// server's shared connections at any host.
///
/// For a server, give the fetcher a ``SharedRelayConnections`` transport factory, so lookups share one
/// long-lived connection per relay instead of opening their own.
package struct NostrShareProfileProvider: ShareProfileProvider {
    /// The relays asked.
    package let relays: [RelayURL]
    /// The fetcher that fetches and verifies.
    package let fetcher: ProfileFetcher
    /// The route parameter that holds the key.
    package let parameter: String
    /// Checks profiles' `nip05` fields; `nil` shows none.
    package let nip05Verifier: NIP05Verifier?

    /// Creates a provider that asks `relays`, and checks NIP-05 addresses with `nip05Verifier`.
    ///
    /// The defaults reach only public addresses for what others name: the author's write relays
    /// (``DefaultShareProfileProvider/fetcher(configuration:transportFactory:outbound:)``) and NIP-05
    /// domains (``DefaultShareProfileProvider/nip05Verifier(outbound:)``).
    package init(
        relays: [RelayURL], fetcher: ProfileFetcher = DefaultShareProfileProvider.fetcher(), parameter: String = "npub",
        nip05Verifier: NIP05Verifier? = DefaultShareProfileProvider.nip05Verifier()
    ) {
        self.nip05Verifier = nip05Verifier
        self.relays = relays
        self.fetcher = fetcher
        self.parameter = parameter
    }

    /// The public key in hex, so every spelling of one key (and every route that names it) shares
    /// one lookup; `nil` when the route has no key parameter or no relays are configured.
    package func lookupKey(for request: ShareProfileRequest) -> String? {
        guard !relays.isEmpty, let key = request.parameters[parameter] else { return nil }
        if let address = try? ProfileTarget.nip05Address(in: key) { return nip05Verifier == nil ? nil : "nip05:" + address.identifier }
        return (try? NIP19.decode(key).publicKey).map { "nostr:" + $0 }
    }

    /// The newest verified profile of the request's person, or `nil` when there is none, with all
    /// of the lookup's work done within the fetcher's timeout (see ``profile(for:before:)``).
    ///
    /// - Throws: ``NostrProfileLookupError`` when nothing could be learned: no relay answered, or
    ///   a NIP-05 address could not be resolved; the error of the target when it names no person.
    package func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        try await profile(for: request, before: .now + fetcher.configuration.timeout)
    }

    /// The newest verified profile of the request's person, or `nil` when there is none, with all
    /// of the lookup's work done by `deadline`.
    ///
    /// One ``/ClipNostr/ProfileLookup`` on the configured relays (relay hints are not followed),
    /// whose deadline bounds every step, so a lookup holds its ``ShareProfileCache`` slot no longer
    /// than the page waits: a NIP-05 address in the parameter is resolved first and the relays get
    /// what is left (never more than the fetcher's own timeout); the profile's own `nip05` field is
    /// checked beside the rest of the fetch, and a check unfinished at the deadline leaves the
    /// profile shown without the verified address. Its outcome decides: found, a definite absence
    /// (`nil`, cached as such), or no answer (thrown, retried sooner).
    ///
    /// - Throws: As ``profile(for:)``.
    package func profile(for request: ShareProfileRequest, before deadline: ContinuousClock.Instant) async throws -> ShareProfile? {
        guard let key = request.parameters[parameter], !relays.isEmpty else { return nil }
        let allowed = min(fetcher.configuration.timeout, max(.zero, ContinuousClock.now.duration(to: deadline)))
        let lookup = ProfileLookup(fetcher: fetcher, relays: relays, nip05Verifier: nip05Verifier, followsRelayHints: false, deadline: allowed)
        let run = try lookup.start(key)
        let (outcome, reports) = await run.outcomeAndRelays()
        switch outcome {
        case .found(let found, let nip05):
            guard var profile = ShareProfile(nostrProfile: found.profile, createdAt: found.event.createdAt) else { return nil }
            profile.verifiedNIP05 = nip05?.identity?.address.description
            return profile
        case .absent:
            return nil
        case .unreachable(let failure):
            throw NostrProfileLookupError(
                reason: failure.description, outcomes: reports.map { "\($0.relay.string): \($0.state.outcome?.description ?? "unfinished")" }
            )
        }
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

/// A profile lookup that learned nothing: no relay answered (each failed, refused the
/// subscription or timed out), or a NIP-05 address could not be resolved.
package struct NostrProfileLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, as ``/ClipNostr/ProfileLookupFailure`` says it.
    package let reason: String
    /// Each relay and how its part ended.
    package let outcomes: [String]

    /// What happened, relay by relay.
    package var description: String {
        let relays = outcomes.isEmpty ? "" : " (\(outcomes.joined(separator: "; ")))"
        return "the profile lookup learned nothing: \(reason)\(relays); it is retried after the failure lifetime"
    }
}

import ClipKit
import ClipNostr
import ClipNostrWebSocket

/// Looks up the verified kind-0 profile of a route's `npub` parameter on Nostr relays, for
/// share-page previews.
///
/// The relay pool verifies every event (id and signature) before it counts; the newest verified
/// profile wins. A route without an `npub` parameter has no profile.
public struct NostrShareProfileProvider: ShareProfileProvider {
    /// The relays asked.
    public let relays: [RelayURL]
    /// The pool that fetches and verifies.
    public let pool: RelayPool
    /// The route parameter that holds the key.
    public let parameter: String

    /// Creates a provider that asks `relays`.
    public init(relays: [RelayURL], pool: RelayPool = RelayPool(transportFactory: RelayTransports.tooling), parameter: String = "npub") {
        self.relays = relays
        self.pool = pool
        self.parameter = parameter
    }

    /// The newest verified profile of the request's npub, or `nil` when there is none.
    public func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        guard let key = request.parameters[parameter], !relays.isEmpty else { return nil }
        let publicKey = try NIP19.decode(key).publicKey
        var final: ProfileFetchUpdate?
        for await update in try pool.fetchProfile(of: publicKey, from: relays) where update.isFinal { final = update }
        guard let found = final?.profile, let name = found.profile.preferredName else { return nil }
        let car = ["car_color", "car_make", "car_model"].compactMap { found.profile.custom[$0]?.stringValue }.joined(separator: " ")
        return ShareProfile(
            name: name, pictureURL: found.profile.picture?.absoluteString, about: found.profile.about,
            details: car.isEmpty ? [] : [ShareProfile.Detail(label: "Car", value: car)]
        )
    }
}

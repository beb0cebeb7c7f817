import Foundation

/// Fetches a person's newest verified profile from several relays at once.
///
/// ```swift
/// let fetcher = ProfileFetcher()
/// for await update in try fetcher.fetchProfile(of: publicKeyHex, from: relays) {
///     if case .newProfile = update.change, let found = update.profile { show(found.profile) }
///     if update.isFinal { record(update.relays) }
/// }
/// ```
///
/// The fetcher sends `["REQ", <random id>, {"kinds":[0],"authors":[<key>],"limit":1}]` to every
/// relay in parallel and keeps only events that answer that subscription, are by that author and
/// of kind 0, are not more than ``ProfileFetchConfiguration/allowedClockSkew`` in the future, fit
/// the size caps, and whose id and signature check out. Among those the newest wins (ties go to
/// the lowest id). The first verified profile is reported at once; the fetch ends when every relay
/// has finished, when the grace window after the first profile passes, or at the deadline,
/// whichever comes first.
///
/// The outbox model (NIP-65): a second subscription asks the given relays for the author's newest
/// relay list (kind 10002), checked and verified like a profile; a given relay has answered when
/// both subscriptions have ended. When a given relay has
/// answered in full and the fetch has no profile, or only one older than
/// ``ProfileFetchConfiguration/staleProfileAge``, up to
/// ``ProfileFetchConfiguration/maximumWriteRelays`` of the write relays the list names are asked
/// for the profile too, within the same deadline. A relay list carried by the link
/// (``EventFragment/encode(profile:relayList:)``) has its write relays asked from the start.
/// Each `RelayReport.role` says whether a relay was given or named by the list, and
/// ``ProfileFetchUpdate/relayList`` is the list that led there.
@available(iOS 16.0, *)
public struct ProfileFetcher: Sendable {
    /// Timing and size limits.
    public var configuration: ProfileFetchConfiguration
    /// Makes the WebSocket connections.
    public var transportFactory: any RelayTransportFactory
    /// Checks ids and signatures.
    public var verifier: EventVerifier
    /// The wall clock that `created_at` is compared with.
    public var currentTime: @Sendable () -> Date
    /// Makes the connections to the author's write relays; `nil` uses ``transportFactory``.
    ///
    /// A server that shares long-lived connections to its own relays can keep the write relays,
    /// which any relay list may name, on short-lived connections of their own.
    public var writeRelayTransportFactory: (any RelayTransportFactory)?

    /// Creates a fetcher.
    ///
    /// - Parameters:
    ///   - configuration: Timing and size limits.
    ///   - transportFactory: The WebSocket client; the platform's default unless one is given.
    ///   - verifier: The event verifier; libsecp256k1 where available, failing closed elsewhere.
    ///   - currentTime: The wall clock, injectable for tests.
    public init(
        configuration: ProfileFetchConfiguration = ProfileFetchConfiguration(),
        transportFactory: any RelayTransportFactory = RelayTransports.platformDefault,
        verifier: EventVerifier = EventVerifier(),
        currentTime: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transportFactory = transportFactory
        self.verifier = verifier
        self.currentTime = currentTime
    }

    /// Starts fetching the profile of `author` (hex public key) from `relays`.
    ///
    /// Relays past ``ProfileFetchConfiguration/maximumRelays`` and repeated relays are left out.
    /// Iterate the result to drive the fetch; cancelling the iterating task closes every connection.
    ///
    /// - Throws: ``ProfileFilterError`` when `author` is not a hex public key.
    public func fetchProfile(of author: String, from relays: [RelayURL]) throws -> ProfileFetch {
        let filter = try ProfileFilter(author: author)
        let chosen = Array(RelaySelection.deduplicated(relays).prefix(max(0, configuration.maximumRelays)))
        return ProfileFetch(fetcher: self, filter: filter, relays: chosen)
    }

    /// Starts fetching the profile of `author`, starting from the signed profile a share link
    /// carried in its fragment (``EventFragment``).
    ///
    /// Before any relay is asked, the embedded event is decoded, checked like a relay's event (the
    /// author asked for, kind 0, not from the future, within the size caps) and verified with
    /// ``verifier``; if it passes it is the first update's profile, with origin
    /// ``ProfileOrigin/link``. The relays then run exactly as without it, and a newer genuine
    /// profile replaces it. An embedded event that fails is dropped with its reason
    /// (``ProfileFetchUpdate/embeddedProfile``) and the fetch goes on as if it were absent. The
    /// grace window starts with the first profile from a relay, not with the link's.
    ///
    /// - Parameters:
    ///   - author: The profile's public key, in hex.
    ///   - relays: The relays to ask; duplicates are dropped and at most
    ///     ``ProfileFetchConfiguration/maximumRelays`` are used.
    ///   - fragment: The link's fragment without `#`; `nil` or empty for none.
    /// - Throws: ``ProfileFilterError`` when `author` is not a hex public key.
    public func fetchProfile(of author: String, from relays: [RelayURL], embeddedIn fragment: String?) throws -> ProfileFetch {
        let filter = try ProfileFilter(author: author)
        let chosen = Array(RelaySelection.deduplicated(relays).prefix(max(0, configuration.maximumRelays)))
        let seed = fragment.flatMap { $0.isEmpty ? nil : EmbeddedProfileSeed(fragment: $0, author: filter.author) }
        return ProfileFetch(fetcher: self, filter: filter, relays: chosen, embedded: seed)
    }
}

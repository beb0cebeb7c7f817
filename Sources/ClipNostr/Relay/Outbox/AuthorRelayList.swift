/// A person's own relay list (NIP-65, kind 10002), as a profile fetch used it: the relays they
/// write to, where their newest profile is most likely to be.
///
/// Each `["r", <url>]` or `["r", <url>, "write"]` tag names a write relay; `["r", <url>, "read"]`
/// names one they only read from. Only relays ClipNostr would connect to count (``RelayURL``),
/// without repeats and at most `maximumListedRelays` of them, in the author's order. The event
/// behind it was checked and verified like any profile event before it was read.
@available(iOS 16.0, *)
public struct AuthorRelayList: Sendable, Equatable {
    /// The kind of a relay list event.
    public static let kind = ProfileFilter.relayListKind
    /// The most write relays kept from one list.
    @_spi(ClipKitTooling) public static let maximumListedRelays = 32

    /// The id of the verified kind-10002 event.
    public let eventID: String
    /// The event's `created_at`, in seconds since 1970.
    @_spi(ClipKitTooling) public let createdAt: Int64
    /// The relays the author writes to, checked and without repeats.
    @_spi(ClipKitTooling) public let writeRelays: [RelayURL]
    /// Where the list came from: the share link, or the relay that delivered it.
    public let origin: ProfileOrigin

    /// Reads the write relays of a kind-10002 event that was already checked and verified (with
    /// ``EventVerifier``); nothing here checks the signature.
    ///
    /// - Parameters:
    ///   - event: The verified relay list event.
    ///   - origin: Where it came from.
    public init(verifiedEvent event: NostrEvent, origin: ProfileOrigin) {
        var relays: [RelayURL] = []
        for tag in event.tags where tag.count >= 2 && tag[0] == "r" {
            if relays.count == Self.maximumListedRelays { break }
            if tag.count >= 3, tag[2] != "write" { continue }
            guard let relay = try? RelayURL(tag[1]) else { continue }
            relays.append(relay)
        }
        eventID = event.id
        createdAt = event.createdAt
        writeRelays = RelaySelection.deduplicated(relays)
        self.origin = origin
    }

    /// Whether `event` should replace this list: newer, or as new with a lower id (NIP-01's rule
    /// for replaceable events).
    func isSuperseded(by event: NostrEvent) -> Bool {
        if event.createdAt != createdAt { return event.createdAt > createdAt }
        return event.id < eventID
    }
}

/// Why a relay was asked during a fetch.
@available(iOS 16.0, *)
@_spi(ClipKitTooling)
public enum RelayRole: Sendable, Equatable {
    /// It was given: a link's relay hint, a relay named by the app or the manifest.
    case given
    /// The author's relay list names it as a write relay; the associated value is that list's event id.
    case writeRelay(relayList: String)

    /// `given`, or `write-relay`.
    public var name: String {
        switch self {
        case .given: return "given"
        case .writeRelay: return "write-relay"
        }
    }
}

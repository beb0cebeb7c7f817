/// Where a verified profile came from.
@available(iOS 16.0, *)
public enum ProfileOrigin: Sendable, Equatable {
    /// The share link itself carried the signed event (``EventFragment``); no relay was needed.
    case link
    /// This relay delivered it first.
    case relay(RelayURL)

    /// `link`, or the relay's URL.
    public var description: String {
        switch self {
        case .link: return "link"
        case .relay(let relay): return relay.string
        }
    }
}

/// A verified profile: the parsed profile, the signed event it came from, and where it came from.
///
/// A fetch shares one instance between every update that reports it, so passing updates around
/// never copies the profile.
@available(iOS 16.0, *)
public final class FetchedProfile: Sendable {
    /// The profile parsed from the event's content.
    public let profile: Profile
    /// The kind-0 event, whose id and signature were verified.
    public let event: NostrEvent
    /// Where it came from: the link, or the relay that delivered it first.
    public let origin: ProfileOrigin
    /// How long after the fetch started it arrived.
    @_spi(ClipKitTooling) public let receivedAfter: Duration

    init(profile: Profile, event: NostrEvent, origin: ProfileOrigin, receivedAfter: Duration) {
        self.profile = profile
        self.event = event
        self.origin = origin
        self.receivedAfter = receivedAfter
    }

    /// The relay that delivered it first; `nil` when it came from the link.
    public var relay: RelayURL? {
        if case .relay(let relay) = origin { return relay }
        return nil
    }

    /// Whether `event` should replace this profile: it is newer, or as new with a lower id (NIP-01's
    /// rule for replaceable events).
    func isSuperseded(by event: NostrEvent) -> Bool {
        if event.createdAt != self.event.createdAt { return event.createdAt > self.event.createdAt }
        return event.id < self.event.id
    }
}

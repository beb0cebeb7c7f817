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
    /// The relay that delivered it first.
    public let relay: RelayURL
    /// How long after the fetch started it arrived.
    public let receivedAfter: Duration

    init(profile: Profile, event: NostrEvent, relay: RelayURL, receivedAfter: Duration) {
        self.profile = profile
        self.event = event
        self.relay = relay
        self.receivedAfter = receivedAfter
    }

    /// Whether `event` should replace this profile: it is newer, or as new with a lower id (NIP-01's
    /// rule for replaceable events).
    func isSuperseded(by event: NostrEvent) -> Bool {
        if event.createdAt != self.event.createdAt { return event.createdAt > self.event.createdAt }
        return event.id < self.event.id
    }
}

/// One thing a profile fetch learned.
public enum DriverProfileUpdate: Sendable, Hashable {
    /// A relay sent a profile whose id and signature verified.
    case profile(DriverProfile)
    /// A relay finished answering (end of stored events); `foundProfile` says whether it had one.
    case relayAnswered(relay: String, foundProfile: Bool)
    /// A relay could not be reached or misbehaved.
    case relayFailed(relay: String, reason: String)
    /// The share link carried a signed profile that did not check out; the fetch goes on without it.
    case embeddedProfileDropped(reason: String)
    /// The driver's own relay list (NIP-65) names `relay` as a write relay, and it is now asked too.
    case writeRelayAsked(relay: String)
}

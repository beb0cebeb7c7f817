/// One step of a profile fetch: what changed, the best verified profile so far and every relay's state.
///
/// Updates are immutable snapshots, shared rather than copied as they travel to the consumer.
@available(iOS 16.0, *)
public final class ProfileFetchUpdate: Sendable {
    /// What changed since the previous update.
    public enum Change: Sendable, Equatable {
        /// A relay connected or finished.
        case relayProgress(RelayURL)
        /// A newer verified profile arrived; ``ProfileFetchUpdate/profile`` holds it.
        case newProfile
        /// A newer verified relay list of the author arrived; ``ProfileFetchUpdate/relayList`` holds it.
        case newRelayList
        /// The fetch is over; this is the last update.
        case finished(ProfileFetchEnding)
    }

    /// What changed.
    public let change: Change
    /// The newest verified profile so far, if any.
    public let profile: FetchedProfile?
    /// Every relay's report: the given relays in their order, then the author's write relays in
    /// the order they were asked.
    @_spi(ClipKitTooling) public let relays: [RelayReport]
    /// The time since the fetch started.
    @_spi(ClipKitTooling) public let elapsed: Duration
    /// When the first verified profile arrived, from the start of the fetch.
    @_spi(ClipKitTooling) public let firstProfileAfter: Duration?
    /// What became of the profile the link carried; `nil` when the fetch was given none.
    public let embeddedProfile: EmbeddedProfileOutcome?
    /// The author's newest verified relay list (kind 10002), from the link or a given relay;
    /// `nil` when none was found. Its write relays are in `relays` with the role
    /// `RelayRole.writeRelay(relayList:)` when they were asked.
    public let relayList: AuthorRelayList?
    /// What became of the relay list the link carried after its profile: ``EmbeddedProfileOutcome/shown``
    /// when it verified and its write relays were asked from the start, or why it was dropped;
    /// `nil` when the link carried none.
    @_spi(ClipKitTooling) public let embeddedRelayList: EmbeddedProfileOutcome?

    init(
        change: Change, profile: FetchedProfile?, relays: [RelayReport], elapsed: Duration, firstProfileAfter: Duration?,
        embeddedProfile: EmbeddedProfileOutcome? = nil, relayList: AuthorRelayList? = nil,
        embeddedRelayList: EmbeddedProfileOutcome? = nil
    ) {
        self.change = change
        self.profile = profile
        self.relays = relays
        self.elapsed = elapsed
        self.firstProfileAfter = firstProfileAfter
        self.embeddedProfile = embeddedProfile
        self.relayList = relayList
        self.embeddedRelayList = embeddedRelayList
    }

    /// The report of the relay that delivered the profile shown; its ``RelayReport/role`` says
    /// whether a given relay had it or the author's relay list led to it. `nil` when there is no
    /// profile or it came from the link.
    @_spi(ClipKitTooling) public var answeringRelay: RelayReport? {
        guard let relay = profile?.relay else { return nil }
        return relays.first { $0.relay == relay }
    }

    /// Whether this is the last update.
    @_spi(ClipKitTooling) public var isFinal: Bool {
        if case .finished = change { return true }
        return false
    }
}

/// What became of the signed profile a share link carried.
public enum EmbeddedProfileOutcome: Sendable, Equatable {
    /// It verified and was reported as the first profile, before any relay answered.
    case shown
    /// It failed a check and was dropped; the fetch went on as if the link had carried none.
    case dropped(EventDropReason)

    /// `shown`, or the drop reason's code.
    public var code: String {
        switch self {
        case .shown: return "shown"
        case .dropped(let reason): return reason.code
        }
    }
}

/// Why a profile fetch ended.
public enum ProfileFetchEnding: String, Sendable {
    /// Every relay sent `EOSE`, closed the subscription or failed.
    case allRelaysFinished
    /// The grace window after the first verified profile passed.
    case graceWindowPassed
    /// The overall deadline passed.
    case deadlinePassed
    /// The fetch was cancelled.
    case cancelled
}

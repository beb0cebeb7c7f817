import Foundation

/// The single place where a fetch's decisions are made: which event is the best so far, when
/// the fetch is over, and what every relay's report says. It runs each relay's exchange
/// (``run(relayAt:over:)``) and hears from the fetch's timers.
@available(iOS 16.0, *)
actor ProfileFetchCoordinator {
    /// The most notices kept per relay.
    static let maximumNoticesPerRelay = 5
    /// The longest notice kept, in characters.
    static let maximumNoticeLength = 200

    let filter: ProfileFilter
    let subscriptionID: SubscriptionID
    let messageLimits: RelayMessageLimits
    private let pool: RelayPool
    private let start: ContinuousClock.Instant
    private let updates: AsyncStream<ProfileFetchUpdate>.Continuation
    private let firstProfileSignal: AsyncStream<Void>.Continuation
    private var reports: [RelayReport]
    private var best: FetchedProfile?
    private var firstProfileAfter: Duration?
    private var relayProfileSeen = false
    private var embeddedProfile: EmbeddedProfileOutcome?
    private(set) var ending: ProfileFetchEnding?

    init(
        pool: RelayPool, filter: ProfileFilter, relays: [RelayURL], start: ContinuousClock.Instant,
        updates: AsyncStream<ProfileFetchUpdate>.Continuation, firstProfileSignal: AsyncStream<Void>.Continuation
    ) {
        self.pool = pool
        self.filter = filter
        subscriptionID = SubscriptionID()
        messageLimits = pool.configuration.messageLimits
        self.start = start
        self.updates = updates
        self.firstProfileSignal = firstProfileSignal
        reports = relays.map(RelayReport.init(relay:))
    }

    private var elapsed: Duration { ContinuousClock.now - start }

    /// The relay's WebSocket handshake completed and its `REQ` was sent.
    func relayConnected(_ index: Int) {
        guard ending == nil, case .connecting = reports[index].state else { return }
        reports[index].state = .waiting
        reports[index].connectedAfter = elapsed
        emit(.relayProgress(reports[index].relay))
    }

    /// The relay sent a frame that does not parse.
    func relay(_ index: Int, sentUnreadable error: RelayMessageError) {
        guard ending == nil else { return }
        if case .invalidEvent = error { reports[index].eventsReceived += 1 }
        drop(.malformedFrame(error.description), at: index)
    }

    /// The relay sent a `NOTICE`.
    func relay(_ index: Int, noticed text: String) {
        guard ending == nil, reports[index].notices.count < Self.maximumNoticesPerRelay else { return }
        let shortened = text.count > Self.maximumNoticeLength ? String(text.prefix(Self.maximumNoticeLength)) + "…" : text
        reports[index].notices.append(shortened)
    }

    /// The link carried a signed profile: check it as a relay's event is checked and, if it is
    /// genuine, report it as the first profile. Runs before any relay is asked.
    func seed(with seed: EmbeddedProfileSeed) {
        guard ending == nil else { return }
        let event: NostrEvent
        switch seed.decoded {
        case .failure(let error):
            embeddedProfile = .dropped(.unreadableLink(error))
            return
        case .success(let decoded):
            event = decoded
        }
        if let reason = reasonToDrop(event, receivedFor: subscriptionID.rawValue) {
            embeddedProfile = .dropped(reason)
            return
        }
        if case .failure(let error) = pool.verifier.verify(event) {
            embeddedProfile = .dropped(.failedVerification(error))
            return
        }
        let profile: Profile
        do {
            profile = try Profile(event: event, limits: pool.configuration.profileLimits)
        } catch {
            embeddedProfile = .dropped(.unreadableProfile(error.description))
            return
        }
        let arrival = elapsed
        best = FetchedProfile(profile: profile, event: event, origin: .link, receivedAfter: arrival)
        embeddedProfile = .shown
        firstProfileAfter = arrival
        emit(.newProfile)
    }

    /// The relay sent an `EVENT` for `subscription`: screen it cheaply, then verify it if it would
    /// be the newest.
    func relay(_ index: Int, sent event: NostrEvent, for subscription: String) {
        guard ending == nil else { return }
        reports[index].eventsReceived += 1
        if let reason = reasonToDrop(event, receivedFor: subscription) { return drop(reason, at: index) }
        if let best {
            // Only an identical copy is a duplicate; same id with other fields is a forgery, checked below.
            if best.event == event { return drop(.duplicate, at: index) }
            if !best.isSuperseded(by: event) { return drop(.superseded, at: index) }
        }
        if case .failure(let error) = pool.verifier.verify(event) {
            return drop(.failedVerification(error), at: index)
        }
        let profile: Profile
        do {
            profile = try Profile(event: event, limits: pool.configuration.profileLimits)
        } catch {
            return drop(.unreadableProfile(error.description), at: index)
        }
        let arrival = elapsed
        best = FetchedProfile(profile: profile, event: event, origin: .relay(reports[index].relay), receivedAfter: arrival)
        reports[index].eventsAccepted += 1
        if firstProfileAfter == nil { firstProfileAfter = arrival }
        if !relayProfileSeen {
            // The grace window runs from the first relay's profile, as it does without a link profile.
            relayProfileSeen = true
            firstProfileSignal.yield()
            firstProfileSignal.finish()
        }
        emit(.newProfile)
    }

    /// The cheap checks an event must pass before anything is hashed or verified: the
    /// subscription, author and kind asked for, a plausible `created_at`, and a bounded content.
    private func reasonToDrop(_ event: NostrEvent, receivedFor subscription: String) -> EventDropReason? {
        guard subscription == subscriptionID.rawValue else { return .wrongSubscription }
        guard event.pubkey == filter.author else { return .wrongAuthor }
        guard event.kind == ProfileFilter.profileKind else { return .wrongKind(event.kind) }
        let now = Int64(pool.currentTime().timeIntervalSince1970.rounded(.down))
        if event.createdAt > now + pool.configuration.allowedClockSkew.components.seconds {
            return .tooFarInFuture(createdAt: event.createdAt)
        }
        let contentBytes = event.content.utf8.count
        if contentBytes > pool.configuration.maximumContentBytes { return .contentTooLarge(bytes: contentBytes) }
        return nil
    }

    /// The relay is done: `EOSE`, `CLOSED`, a failure, or cancellation of its exchange.
    func relay(_ index: Int, finished outcome: RelayOutcome) {
        guard ending == nil, reports[index].state.outcome == nil else { return }
        reports[index].state = .finished(outcome)
        reports[index].finishedAfter = elapsed
        if reports.allSatisfy({ $0.state.outcome != nil }) {
            end(.allRelaysFinished)
        } else {
            emit(.relayProgress(reports[index].relay))
        }
    }

    /// A timer fired or the fetch was cancelled: end now, giving up on relays still at work.
    func end(_ reason: ProfileFetchEnding) {
        guard ending == nil else { return }
        ending = reason
        let unfinished: RelayOutcome = reason == .cancelled ? .cancelled : .timedOut
        for index in reports.indices where reports[index].state.outcome == nil {
            reports[index].state = .finished(unfinished)
            reports[index].finishedAfter = elapsed
        }
        emit(.finished(reason))
        updates.finish()
        firstProfileSignal.finish()
    }

    /// Counts an event or frame that was not used.
    private func drop(_ reason: EventDropReason, at index: Int) {
        guard ending == nil else { return }
        reports[index].droppedByReason[reason.code, default: 0] += 1
    }

    private func emit(_ change: ProfileFetchUpdate.Change) {
        updates.yield(ProfileFetchUpdate(
            change: change, profile: best, relays: reports, elapsed: elapsed, firstProfileAfter: firstProfileAfter,
            embeddedProfile: embeddedProfile
        ))
    }
}

import Foundation

/// The single place where a fetch's decisions are made: which event is the best so far, when
/// the fetch is over, when the author's write relays are asked, and what every relay's report
/// says. It runs each relay's exchange (``run(relayAt:over:)``) and hears from the fetch's timers.
@available(iOS 16.0, *)
actor ProfileFetchCoordinator {
    /// The most notices kept per relay.
    static let maximumNoticesPerRelay = 5
    /// The longest notice kept, in characters.
    static let maximumNoticeLength = 200

    let filter: ProfileFilter
    let subscriptionID: SubscriptionID
    /// The subscription for the author's relay list, apart from the profile's: some relays apply
    /// one `limit` to all the filters of a `REQ`, which would let the newer event hide the other.
    let relayListSubscriptionID: SubscriptionID
    let messageLimits: RelayMessageLimits
    private let fetcher: ProfileFetcher
    private let start: ContinuousClock.Instant
    private let updates: AsyncStream<ProfileFetchUpdate>.Continuation
    private let firstProfileSignal: AsyncStream<Void>.Continuation
    private var reports: [RelayReport]
    private var best: FetchedProfile?
    private var firstProfileAfter: Duration?
    private var relayProfileSeen = false
    private var embeddedProfile: EmbeddedProfileOutcome?
    private var embeddedRelayList: EmbeddedProfileOutcome?
    private var relayList: AuthorRelayList?
    /// The verified event behind ``relayList``, so that only an identical copy counts as a duplicate.
    private var relayListEvent: NostrEvent?
    private var givenRelayAnswered = false
    private var writeRelaysAsked = 0
    private let writeRelayLaunches: AsyncStream<(index: Int, relay: RelayURL)>.Continuation
    private(set) var ending: ProfileFetchEnding?

    init(
        fetcher: ProfileFetcher, filter: ProfileFilter, relays: [RelayURL], start: ContinuousClock.Instant,
        updates: AsyncStream<ProfileFetchUpdate>.Continuation, firstProfileSignal: AsyncStream<Void>.Continuation,
        writeRelayLaunches: AsyncStream<(index: Int, relay: RelayURL)>.Continuation
    ) {
        self.fetcher = fetcher
        self.filter = filter
        subscriptionID = SubscriptionID()
        relayListSubscriptionID = SubscriptionID()
        messageLimits = fetcher.configuration.messageLimits
        self.start = start
        self.updates = updates
        self.firstProfileSignal = firstProfileSignal
        self.writeRelayLaunches = writeRelayLaunches
        reports = relays.map { RelayReport(relay: $0, role: .given) }
    }

    /// Whether the fetch has no relay to ask at all.
    var hasNoRelays: Bool { reports.isEmpty }

    /// Whether the relay at `index` is asked for the author's relay list as well as the profile.
    func asksForRelayList(_ index: Int) -> Bool {
        reports[index].role == .given && fetcher.configuration.maximumWriteRelays > 0
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
        if let carried = seed.relayList {
            // A relay list the link carries is where the author asked to be looked for: its write
            // relays are asked from the start, beside the given ones. One that fails is dropped,
            // with its reason, and the given relays are asked for one as for any link.
            embeddedRelayList = checkEmbeddedRelayList(carried)
            if case .shown = embeddedRelayList { askWriteRelays() }
        }
        seedProfile(with: seed)
    }

    private func checkEmbeddedRelayList(_ carried: Result<NostrEvent, EventFragmentError>) -> EmbeddedProfileOutcome {
        let list: NostrEvent
        switch carried {
        case .failure(let error): return .dropped(.unreadableLink(error))
        case .success(let decoded): list = decoded
        }
        if let reason = reasonToDrop(list, receivedFor: relayListSubscriptionID.rawValue) { return .dropped(reason) }
        if case .failure(let error) = fetcher.verifier.verify(list) { return .dropped(.failedVerification(error)) }
        relayList = AuthorRelayList(verifiedEvent: list, origin: .link)
        relayListEvent = list
        return .shown
    }

    private func seedProfile(with seed: EmbeddedProfileSeed) {
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
        if case .failure(let error) = fetcher.verifier.verify(event) {
            embeddedProfile = .dropped(.failedVerification(error))
            return
        }
        let profile: Profile
        do {
            profile = try Profile(event: event, limits: fetcher.configuration.profileLimits)
        } catch {
            embeddedProfile = .dropped(.unreadableProfile("\(error)"))
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
        if subscription == relayListSubscriptionID.rawValue, !asksForRelayList(index) { return drop(.wrongSubscription, at: index) }
        if let reason = reasonToDrop(event, receivedFor: subscription) { return drop(reason, at: index) }
        if event.kind == AuthorRelayList.kind { return accept(relayList: event, from: index) }
        if let best {
            // Only an identical copy is a duplicate; same id with other fields is a forgery, checked below.
            if best.event == event { return drop(.duplicate, at: index) }
            if !best.isSuperseded(by: event) { return drop(.superseded, at: index) }
        }
        if case .failure(let error) = fetcher.verifier.verify(event) {
            return drop(.failedVerification(error), at: index)
        }
        let profile: Profile
        do {
            profile = try Profile(event: event, limits: fetcher.configuration.profileLimits)
        } catch {
            return drop(.unreadableProfile("\(error)"), at: index)
        }
        let arrival = elapsed
        best = FetchedProfile(profile: profile, event: event, origin: .relay(reports[index].relay), receivedAfter: arrival)
        reports[index].eventsAccepted += 1
        if firstProfileAfter == nil { firstProfileAfter = arrival }
        // A stale profile does not start the grace window: the author's write relays may still
        // have a newer one, and the fetch waits for them or for its deadline.
        if !relayProfileSeen, !isStale(event) {
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
        let expectedKind: Int
        switch subscription {
        case subscriptionID.rawValue: expectedKind = ProfileFilter.profileKind
        case relayListSubscriptionID.rawValue: expectedKind = AuthorRelayList.kind
        default: return .wrongSubscription
        }
        guard event.pubkey == filter.author else { return .wrongAuthor }
        guard event.kind == expectedKind else { return .wrongKind(event.kind) }
        let now = Int64(fetcher.currentTime().timeIntervalSince1970.rounded(.down))
        if event.createdAt > now + fetcher.configuration.allowedClockSkew.components.seconds {
            return .tooFarInFuture(createdAt: event.createdAt)
        }
        let contentBytes = event.content.utf8.count
        if contentBytes > fetcher.configuration.maximumContentBytes { return .contentTooLarge(bytes: contentBytes) }
        return nil
    }

    /// A relay list event passed the cheap checks: keep it when it is the newest and verifies,
    /// then ask its write relays if the given relays have left the profile missing or stale.
    private func accept(relayList event: NostrEvent, from index: Int) {
        if let relayList {
            // Only an identical copy is a duplicate; same id with other fields is a forgery, checked below.
            if relayListEvent == event { return drop(.duplicate, at: index) }
            if relayList.eventID != event.id, !relayList.isSuperseded(by: event) { return drop(.superseded, at: index) }
        }
        if case .failure(let error) = fetcher.verifier.verify(event) {
            return drop(.failedVerification(error), at: index)
        }
        if relayListEvent?.id == event.id { return drop(.duplicate, at: index) }
        relayList = AuthorRelayList(verifiedEvent: event, origin: .relay(reports[index].relay))
        relayListEvent = event
        emit(.newRelayList)
        askWriteRelays()
    }

    /// Whether `event` is older than the configured ``ProfileFetchConfiguration/staleProfileAge``.
    private func isStale(_ event: NostrEvent) -> Bool {
        let now = Int64(fetcher.currentTime().timeIntervalSince1970.rounded(.down))
        return now - event.createdAt > fetcher.configuration.staleProfileAge.components.seconds
    }

    /// Asks the write relays of the newest relay list that no one has asked yet, up to
    /// ``ProfileFetchConfiguration/maximumWriteRelays`` in the whole fetch. A list from a relay
    /// counts once a given relay has answered in full and the best profile is missing or stale; a
    /// list from the link counts at once.
    private func askWriteRelays() {
        guard ending == nil, let relayList else { return }
        let limit = max(0, fetcher.configuration.maximumWriteRelays)
        guard writeRelaysAsked < limit else { return }
        if relayList.origin != .link {
            guard givenRelayAnswered else { return }
            if let best, !isStale(best.event) { return }
        }
        var asked = Set(reports.map(\.relay.identity))
        for relay in relayList.writeRelays where writeRelaysAsked < limit {
            guard asked.insert(relay.identity).inserted else { continue }
            reports.append(RelayReport(relay: relay, role: .writeRelay(relayList: relayList.eventID)))
            writeRelaysAsked += 1
            writeRelayLaunches.yield((reports.count - 1, relay))
            emit(.relayProgress(relay))
        }
    }

    /// The grace window after the first fresh profile passed: end, unless the author's write
    /// relays are still looking for a newer profile than a stale one.
    func graceWindowPassed() {
        if let best, isStale(best.event),
           reports.contains(where: { $0.role != .given && $0.state.outcome == nil }) { return }
        end(.graceWindowPassed)
    }

    /// The relay is done: `EOSE`, `CLOSED`, a failure, or cancellation of its exchange.
    func relay(_ index: Int, finished outcome: RelayOutcome) {
        guard ending == nil, reports[index].state.outcome == nil else { return }
        reports[index].state = .finished(outcome)
        reports[index].finishedAfter = elapsed
        if outcome.answered, reports[index].role == .given, !givenRelayAnswered {
            givenRelayAnswered = true
            askWriteRelays()
        }
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
        writeRelayLaunches.finish()
    }

    /// Counts an event or frame that was not used.
    private func drop(_ reason: EventDropReason, at index: Int) {
        guard ending == nil else { return }
        reports[index].droppedByReason[reason.code, default: 0] += 1
    }

    private func emit(_ change: ProfileFetchUpdate.Change) {
        updates.yield(ProfileFetchUpdate(
            change: change, profile: best, relays: reports, elapsed: elapsed, firstProfileAfter: firstProfileAfter,
            embeddedProfile: embeddedProfile, relayList: relayList, embeddedRelayList: embeddedRelayList
        ))
    }
}

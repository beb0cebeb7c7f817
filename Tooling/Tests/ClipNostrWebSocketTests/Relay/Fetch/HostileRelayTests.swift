@_spi(ClipKitTooling) import ClipNostr
import Foundation
import Testing

/// Each test starts relays that attack the client one way, beside an honest one where that
/// matters, and checks that the profile shown is always the newest genuine one and that the fetch
/// ends by its deadline.
///
/// The suite runs its tests one after another: the flood tests keep a core busy, and timing
/// checks are only meaningful when the tests do not starve each other.
@Suite("Hostile relays", .serialized)
struct HostileRelayTests {
    /// Slack on top of a deadline for the time the test itself needs to notice the end, on a
    /// loaded two-core machine running a debug build.
    static let slack: Duration = .milliseconds(1000)

    /// Fetches from `relays` and checks the two invariants; returns the final update.
    func fetch(
        _ scenario: HostileScenario, from relays: [HostileRelay], fetcher: ProfileFetcher = HostileScenario.fetcher()
    ) async throws -> ProfileFetchUpdate {
        let started = ContinuousClock.now
        let fetch = try fetcher.fetchProfile(of: scenario.driver, from: relays.map(\.url))
        var shown: [NostrEvent] = []
        var final: ProfileFetchUpdate?
        for await update in fetch {
            if case .newProfile = update.change, let profile = update.profile { shown.append(profile.event) }
            if update.isFinal { final = update }
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed <= fetcher.configuration.timeout + Self.slack, "the fetch took \(elapsed)")
        let genuine: Set<String> = [scenario.olderProfile.id, scenario.newestProfile.id]
        for event in shown {
            #expect(genuine.contains(event.id), "showed an event that is not the driver's genuine profile: \(event.content)")
        }
        return try #require(final)
    }

    func report(_ update: ProfileFetchUpdate, for relay: HostileRelay) throws -> RelayReport {
        try #require(update.relays.first { $0.relay == relay.url })
    }

    @Test("a forged signature is dropped and the genuine profile wins")
    func forgedSignature() async throws {
        let scenario = try await HostileScenario.load()
        let relay = try await HostileRelay(.answer([.event(scenario.forgedSignature), .event(scenario.newestProfile), .endOfStoredEvents]))
        let final = try await fetch(scenario, from: [relay])
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        #expect(try report(final, for: relay).droppedByReason["invalid-signature"] == 1)
        #expect(final.change == .finished(.allRelaysFinished))
    }

    @Test("an event whose id does not match its fields is dropped")
    func wrongID() async throws {
        let scenario = try await HostileScenario.load()
        let relay = try await HostileRelay(.answer([.event(scenario.newestProfile), .event(scenario.wrongID), .endOfStoredEvents]))
        let final = try await fetch(scenario, from: [relay])
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        #expect(try report(final, for: relay).droppedByReason["id-mismatch"] == 1)
    }

    @Test("another author's genuine, newer profile is dropped")
    func anotherAuthor() async throws {
        let scenario = try await HostileScenario.load()
        let relay = try await HostileRelay(.answer([.event(scenario.impostorProfile), .event(scenario.newestProfile), .endOfStoredEvents]))
        let final = try await fetch(scenario, from: [relay])
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        #expect(try report(final, for: relay).droppedByReason["wrong-author"] == 1)
    }

    @Test("a genuine event of another kind is dropped")
    func anotherKind() async throws {
        let scenario = try await HostileScenario.load()
        let relay = try await HostileRelay(.answer([.event(scenario.newestProfile), .event(scenario.note), .endOfStoredEvents]))
        let final = try await fetch(scenario, from: [relay])
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        #expect(try report(final, for: relay).droppedByReason["wrong-kind"] == 1)
    }

    @Test("a genuine profile dated far ahead of the clock is dropped; the clock decides")
    func farFuture() async throws {
        let scenario = try await HostileScenario.load()
        let replies: [HostileRelay.Reply] = [.event(scenario.futureProfile), .event(scenario.newestProfile), .endOfStoredEvents]
        let relay = try await HostileRelay(.answer(replies))
        let final = try await fetch(scenario, from: [relay])
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        #expect(try report(final, for: relay).droppedByReason["future-created-at"] == 1)

        // A day later the same event is no longer in the future, and it is the newest.
        var later = HostileScenario.fetcher()
        later.currentTime = { Date(timeIntervalSince1970: TimeInterval(HostileScenario.now + 86_400 - 60)) }
        let again = try await later.fetchProfile(of: scenario.driver, from: [relay.url]).finalUpdate()
        #expect(again?.profile?.event.id == scenario.futureProfile.id)
    }

    @Test("malformed frames are counted and skipped; events after them still count")
    func malformedFrames() async throws {
        let scenario = try await HostileScenario.load()
        let newest = scenario.newestProfile.jsonText
        let garbage: [String] = [
            "not json at all",
            #"["EVENT","#,
            #"{"EVENT":"x"}"#,
            "[]",
            "[42]",
            #"["EVENT"]"#,
            #"["EVENT","sub",\#(newest),"extra"]"#,
            #"["EVENT","sub","not an object"]"#,
            #"["EOSE"]"#,
            #"["NOTICE","a","b"]"#,
            #"["EVENT","sub",{"id":"\ud800"}]"#,
            #"["EVENT","sub",{"id":"a","id":"b"}]"#,
            String(repeating: "[", count: 10_000),
        ]
        let replies = garbage.map(HostileRelay.Reply.text) + [.event(scenario.newestProfile), .endOfStoredEvents]
        let relay = try await HostileRelay(.answer(replies))
        let final = try await fetch(scenario, from: [relay])
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        let relayReport = try report(final, for: relay)
        #expect(relayReport.droppedByReason["malformed-frame"] == garbage.count)
        #expect(relayReport.state == .finished(.endOfStoredEvents))
    }

    @Test("a frame far over the cap drops that relay; the others still answer")
    func oversizedFrame() async throws {
        let scenario = try await HostileScenario.load()
        let attacker = try await HostileRelay(.answer([.oversizedFrame(bytes: 8 * 1024 * 1024), .event(scenario.forgedSignature)]))
        let honest = try await HostileRelay(.answer([.event(scenario.newestProfile), .endOfStoredEvents]))
        let fetcher = HostileScenario.fetcher(timeout: .seconds(5), graceWindow: .seconds(4))
        let final = try await fetch(scenario, from: [attacker, honest], fetcher: fetcher)
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        let attackerReport = try report(final, for: attacker)
        #expect(attackerReport.state.outcome?.name == "failed")
        #expect(attackerReport.eventsReceived == 0)
        #expect(final.change == .finished(.allRelaysFinished))
    }

    @Test("a relay that never sends EOSE does not hold the answer past the grace window")
    func neverSendsEndOfStoredEvents() async throws {
        let scenario = try await HostileScenario.load()
        let silent = try await HostileRelay(.answer([.event(scenario.olderProfile)]))
        let honest = try await HostileRelay(.answer([.event(scenario.newestProfile), .endOfStoredEvents]))
        let fetcher = HostileScenario.fetcher(timeout: .seconds(5), graceWindow: .milliseconds(300))
        let final = try await fetch(scenario, from: [silent, honest], fetcher: fetcher)
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        #expect(final.change == .finished(.graceWindowPassed))
        #expect(try report(final, for: silent).state == .finished(.timedOut))
        // Ended by the grace window, well before the 5 s deadline. (How soon after the window is
        // left to the ending reason: a full parallel test run can starve timers for a second.)
        #expect(final.elapsed < .seconds(5))
    }

    @Test("stalled connections, before or after the handshake, end at the deadline")
    func stalledConnections() async throws {
        let scenario = try await HostileScenario.load()
        let beforeHandshake = try await HostileRelay(.stallHandshake)
        let afterRequest = try await HostileRelay(.answer([]))
        // Long enough for the second relay to connect on a busy machine, so its stall comes after the REQ.
        let fetcher = HostileScenario.fetcher(timeout: .seconds(3))
        let final = try await fetch(scenario, from: [beforeHandshake, afterRequest], fetcher: fetcher)
        #expect(final.profile == nil)
        #expect(final.change == .finished(.deadlinePassed))
        #expect(final.elapsed >= .seconds(3))
        #expect(try report(final, for: beforeHandshake).state == .finished(.timedOut))
        #expect(try report(final, for: afterRequest).state == .finished(.timedOut))
        #expect(try report(final, for: beforeHandshake).connectedAfter == nil)
        #expect(try report(final, for: afterRequest).connectedAfter != nil)
    }

    @Test("a stalled relay does not delay the first profile from a fast one")
    func stallDoesNotDelayFirstProfile() async throws {
        let scenario = try await HostileScenario.load()
        let stalled = try await HostileRelay(.stallHandshake)
        let honest = try await HostileRelay(.answer([.event(scenario.newestProfile), .endOfStoredEvents]))
        let fetcher = HostileScenario.fetcher(timeout: .seconds(5), graceWindow: .milliseconds(200))
        let final = try await fetch(scenario, from: [stalled, honest], fetcher: fetcher)
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        #expect(try #require(final.firstProfileAfter) < .seconds(1))
        #expect(final.change == .finished(.graceWindowPassed))
    }

    @Test("a flood of 10,000 forged events does not hide the genuine profile")
    func flood() async throws {
        let scenario = try await HostileScenario.load()
        let flood = scenario.forgedFlood(count: 10_000).map(HostileRelay.Reply.event)
        let relay = try await HostileRelay(.answer(flood + [.event(scenario.newestProfile), .endOfStoredEvents]))
        let fetcher = HostileScenario.fetcher(timeout: .seconds(30))
        let final = try await fetch(scenario, from: [relay], fetcher: fetcher)
        #expect(final.profile?.event.id == scenario.newestProfile.id)
        let relayReport = try report(final, for: relay)
        #expect(relayReport.eventsReceived == 10_001)
        #expect(relayReport.eventsDropped == 10_000)
        #expect(relayReport.state == .finished(.endOfStoredEvents))
    }

    @Test("a flood cut off by the deadline still ends on time, showing nothing forged")
    func floodPastTheDeadline() async throws {
        let scenario = try await HostileScenario.load()
        let flood = scenario.forgedFlood(count: 10_000).map(HostileRelay.Reply.event)
        let relay = try await HostileRelay(.answer(flood + [.event(scenario.newestProfile), .endOfStoredEvents]))
        let fetcher = HostileScenario.fetcher(timeout: .milliseconds(300))
        let final = try await fetch(scenario, from: [relay], fetcher: fetcher)
        #expect(final.change == .finished(.deadlinePassed) || final.profile?.event.id == scenario.newestProfile.id)
    }

    @Test("cancelling the consuming task ends the fetch and closes the connections")
    func cancellation() async throws {
        let scenario = try await HostileScenario.load()
        let silent = try await HostileRelay(.answer([.event(scenario.newestProfile)]))
        let fetcher = HostileScenario.fetcher(timeout: .seconds(30), graceWindow: .seconds(30))
        let fetch = try fetcher.fetchProfile(of: scenario.driver, from: [silent.url])
        let consumer = Task {
            var updates = 0
            for await _ in fetch { updates += 1 }
            return updates
        }
        // Wait until the relay has the subscription, then cancel.
        let deadline = ContinuousClock.now + .seconds(5)
        while silent.receivedTexts.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let cancelled = ContinuousClock.now
        consumer.cancel()
        _ = await consumer.value
        // The fetch had 30 s left: only the cancellation can end it this soon.
        #expect(ContinuousClock.now - cancelled < .milliseconds(500))
        #expect(await silent.waitUntilAllConnectionsClosed(timeout: .seconds(3)))
    }

    @Test("the client sends a REQ for the profile and one for the relay list, each with a fresh subscription id, then CLOSE for both")
    func requestShape() async throws {
        let scenario = try await HostileScenario.load()
        let relay = try await HostileRelay(.answer([.event(scenario.newestProfile), .endOfStoredEvents]))
        _ = try await fetch(scenario, from: [relay])
        _ = try await fetch(scenario, from: [relay])
        // Every frame a client sent has arrived once its connection is closed.
        #expect(await relay.waitUntilAllConnectionsClosed(timeout: .seconds(3)))
        let texts = relay.receivedTexts
        let requests = try texts.filter { $0.hasPrefix(#"["REQ""#) }.map { text -> (subscription: String, kinds: [Int]) in
            let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
            #expect(array.count == 3, "one filter per REQ: \(text)")
            let filter = try #require(array[2] as? [String: Any])
            #expect(filter["authors"] as? [String] == [scenario.driver])
            #expect(filter["limit"] as? Int == 1)
            return (try #require(array[1] as? String), try #require(filter["kinds"] as? [Int]))
        }
        #expect(requests.map(\.kinds).sorted { $0.first ?? 0 < $1.first ?? 0 } == [[0], [0], [10002], [10002]])
        #expect(Set(requests.map(\.subscription)).count == 4, "every subscription id is fresh")
        for request in requests {
            #expect(texts.contains(#"["CLOSE","\#(request.subscription)"]"#))
        }
    }
}

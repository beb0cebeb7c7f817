@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
@testable import ClipNostrUI
import ClipTestSupport
import Foundation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DriverPreviewModelTests {
    let source = ScriptedProfileSource()
    let clock = ManualClock()
    let handoff: AppGroupFixture

    init() throws {
        handoff = try AppGroupFixture()
    }

    func makeModel(promotion: InstallPromotionController? = nil, source: ScriptedProfileSource? = nil) -> DriverPreviewModel {
        DriverPreviewModel(
            driver: ScriptedProfileSource.sampleNpub, loader: source ?? self.source, offering: handoff.store,
            promotion: promotion, deadline: .seconds(8), clock: clock
        )
    }

    @Test func newerProfilesReplaceThePreviewWhileOlderOnesNeverDo() async throws {
        let model = makeModel()
        #expect(model.state == .loading)
        let loading = Task { await model.load() }
        await started(source)

        source.send(.profile(ScriptedProfileSource.profile(name: "Alice", at: 100)))
        let first = await state(of: model) { $0.isPreview }
        #expect(first == .preview(ScriptedProfileSource.profile(name: "Alice", at: 100), isUpdating: true))

        source.send(.profile(ScriptedProfileSource.profile(name: "Alice B.", at: 200)))
        let second = await state(of: model) { if case .preview(let p, _) = $0 { return p.createdAt.timeIntervalSince1970 == 200 } else { return false } }
        guard case .preview(let newer, true) = second else { Issue.record("expected an updating preview, got \(second)"); return }
        #expect(newer.readableName == "Alice B.")

        // An older profile from a slower relay arrives later: it must not replace the newer one.
        source.send(.profile(ScriptedProfileSource.profile(name: "Old Alice", at: 150)))
        source.send(.relayAnswered(relay: "wss://a", foundProfile: true))
        source.send(.relayAnswered(relay: "wss://b", foundProfile: true))
        source.finish()
        await loading.value

        guard case .preview(let final, false) = model.state else { Issue.record("expected a final preview, got \(model.state)"); return }
        #expect(final.readableName == "Alice B.")
        #expect(final.car?.summary == "Blue Toyota Prius")
        #expect(model.relayTally == RelayTally(asked: 2, answered: 2, failed: 0))
        #expect(!model.isFetching)
    }

    @Test func profilesOfTheSameSecondKeepTheLowestEventID() async {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        source.send(.profile(ScriptedProfileSource.profile(name: "B", at: 100, eventID: String(repeating: "b", count: 64))))
        source.send(.profile(ScriptedProfileSource.profile(name: "C", at: 100, eventID: String(repeating: "c", count: 64))))
        source.send(.profile(ScriptedProfileSource.profile(name: "A", at: 100, eventID: String(repeating: "a", count: 64))))
        source.finish()
        await loading.value
        #expect(model.profile?.readableName == "A")
    }

    @Test func profilesOfAnotherKeyAreIgnored() async {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        source.send(.profile(ScriptedProfileSource.profile(name: "Mallory", at: 900, pubkey: String(repeating: "cd", count: 32))))
        source.send(.relayAnswered(relay: "wss://a", foundProfile: false))
        source.finish()
        await loading.value
        #expect(model.state == .failed(.profileNotFound(relaysAnswered: 1)))
        #expect(model.profile == nil)
    }

    @Test func anInvalidKeyFailsAtOnceAndCannotBeHandedOff() async {
        let source = ScriptedProfileSource(rejection: .invalidKey("the checksum does not match"))
        let model = makeModel(source: source)
        await model.load()
        #expect(model.state == .failed(.invalidDriverLink("the checksum does not match")))
        #expect(!model.allowsHandoff)
        await #expect(throws: DriverHandoffOfferError.notAvailable(model.state)) { try await model.offerHandoff() }
        #expect(handoff.waitingDriver() == nil)
        if case .failed(let failure) = model.state {
            #expect(failure.description.contains("link is damaged"))
        }
    }

    @Test func noRelayAnsweringByTheDeadlineFailsAndStopsTheFetch() async {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        source.send(.relayFailed(relay: "wss://a", reason: "connection refused"))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(7))
        #expect(model.state == .loading)
        clock.advance(by: .seconds(1))
        await loading.value
        #expect(model.state == .failed(.noRelayAnswered(relays: 2, waitedSeconds: 8)))
        #expect(source.wasTerminated, "the model must stop reading the relays after the deadline")
        #expect(model.allowsHandoff)
        if case .failed(let failure) = model.state {
            #expect(failure.description.contains("within 8 seconds"))
        }
    }

    @Test func relaysThatAnswerWithoutAProfileGiveNotFound() async {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        source.send(.relayAnswered(relay: "wss://a", foundProfile: false))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(8))
        await loading.value
        #expect(model.state == .failed(.profileNotFound(relaysAnswered: 1)))
    }

    @Test func theDeadlineKeepsAPreviewAndEndsTheUpdates() async {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        source.send(.profile(ScriptedProfileSource.profile(at: 100)))
        _ = await state(of: model) { $0.isPreview }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(8))
        await loading.value
        #expect(model.state == .preview(ScriptedProfileSource.profile(at: 100), isUpdating: false))
        #expect(source.wasTerminated)
    }

    @Test func cancelStopsTheFetch() async {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        model.cancel()
        await loading.value
        #expect(model.state == .failed(.stopped))
        #expect(source.wasTerminated)
        #expect(model.allowsHandoff)
    }

    @Test func cancellingTheCallersTaskStopsTheFetchButKeepsThePreview() async {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        source.send(.profile(ScriptedProfileSource.profile(at: 100)))
        _ = await state(of: model) { $0.isPreview }
        loading.cancel()
        await loading.value
        #expect(model.state == .preview(ScriptedProfileSource.profile(at: 100), isUpdating: false))
        #expect(source.wasTerminated)
    }

    @Test func offeringFromAPreviewHandsOffTheNpubTheNameAndTheProfileTime() async throws {
        let promotion = InstallPromotionController(memory: InMemoryPromotionMemory())
        let model = makeModel(promotion: promotion)
        let loading = Task { await model.load() }
        await started(source)
        #expect(!model.allowsHandoff)
        await #expect(throws: DriverHandoffOfferError.notAvailable(.loading)) { try await model.offerHandoff() }

        source.send(.profile(ScriptedProfileSource.profile(name: "Alice", at: 1_700_000_000)))
        _ = await state(of: model) { $0.isPreview }
        #expect(promotion.facts.contentShownAt != nil)
        #expect(!promotion.isOverlayPresented)

        let handoff = try await model.offerHandoff()
        #expect(handoff == DriverHandoff(
            npub: ScriptedProfileSource.sampleNpub, displayName: "Alice", profileCreatedAt: 1_700_000_000
        ))
        #expect(model.state == .offered(handoff))
        #expect(self.handoff.waitingDriver() == handoff, "the full app finds exactly what was offered")
        await loading.value
        #expect(source.wasTerminated, "offering ends the fetch")
        #expect(promotion.isOverlayPresented, "the tap on Get RoadFlare is the person's own request")
        #expect(promotion.facts.taskCompletedAt != nil)

        // A profile arriving after the offer changes nothing.
        source.send(.profile(ScriptedProfileSource.profile(name: "Later", at: 1_800_000_000)))
        #expect(model.state == .offered(handoff))
    }

    @Test func offeringAfterRelaysFailedHandsOffTheNpubAlone() async throws {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(8))
        await loading.value
        #expect(model.state.isFailed)
        let handoff = try await model.offerHandoff()
        #expect(handoff == DriverHandoff(npub: ScriptedProfileSource.sampleNpub))
        #expect(model.state == .offered(handoff))
        #expect(self.handoff.waitingDriver() == handoff)
    }

    @Test func aFailedWriteKeepsThePreviewAndCanBeRetried() async throws {
        let model = makeModel()
        let loading = Task { await model.load() }
        await started(source)
        source.send(.profile(ScriptedProfileSource.profile(at: 100)))
        source.finish()
        await loading.value

        try self.handoff.breakContainer()
        await #expect(throws: DriverHandoffOfferError.self) { try await model.offerHandoff() }
        #expect(model.state == .preview(ScriptedProfileSource.profile(at: 100), isUpdating: false))
        guard case .storageFailed? = model.offerFailure else {
            Issue.record("expected a storage failure, got \(String(describing: model.offerFailure))"); return
        }

        try self.handoff.repairContainer()
        let handoff = try await model.offerHandoff()
        #expect(model.state == .offered(handoff))
        #expect(model.offerFailure == nil)
        #expect(self.handoff.waitingDriver() == handoff)
    }

    @Test func retryAsksTheRelaysAgain() async {
        let model = makeModel()
        let first = Task { await model.load() }
        await started(source)
        source.finish()
        await first.value
        #expect(model.state == .failed(.noRelayAnswered(relays: 2, waitedSeconds: 8)))

        let second = Task { await model.retry() }
        while source.loadCount < 2 { await Task.yield() }
        #expect(model.state == .loading)
        source.send(.profile(ScriptedProfileSource.profile(at: 100)))
        source.finish()
        await second.value
        #expect(model.state == .preview(ScriptedProfileSource.profile(at: 100), isUpdating: false))
    }

    @Test func stateUpdatesListEveryStepInOrder() async throws {
        let model = makeModel()
        let updates = model.stateUpdates()
        let loading = Task { await model.load() }
        await started(source)
        source.send(.profile(ScriptedProfileSource.profile(at: 100)))
        source.finish()
        await loading.value
        _ = try await model.offerHandoff()

        var seen: [String] = []
        for await state in updates {
            seen.append(String(describing: state).components(separatedBy: " ").first ?? "")
            if state.isOffered { break }
        }
        #expect(seen == ["loading", "preview", "preview", "offered"])
    }
}

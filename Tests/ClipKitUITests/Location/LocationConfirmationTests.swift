import ClipKit
import ClipKitUI
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The location-confirmation model on the coffee shop's manifest. iOS's answer
/// (`APActivationPayload.confirmAcquired(in:)`) comes from a stand-in: no program here can play the
/// system's location check, so `RecordingConfirmer` answers as told and records what it was asked.
@MainActor
@Suite struct LocationConfirmationTests {
    /// Answers as told and records every region it is asked about.
    final class RecordingConfirmer: LocationConfirmer, @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [LocationConfirmationRegion] = []
        let answer: LocationConfirmationResult

        init(answer: LocationConfirmationResult) { self.answer = answer }

        var regions: [LocationConfirmationRegion] { lock.withLock { asked } }

        func confirmAcquired(in region: LocationConfirmationRegion) async -> LocationConfirmationResult {
            lock.withLock { asked.append(region) }
            try? await Task.sleep(nanoseconds: 5_000_000)
            return answer
        }
    }

    static func coffeeShop() throws -> ClipManifest {
        try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/coffee-shop/clipkit.json"))
    }

    let table = URL(string: "https://brew.example/s/soho/t/12")!

    @Test func aConfirmedScanAtTheStoresPlaceIsConfirmedOnceWithItsRegion() async throws {
        let confirmation = LocationConfirmation(manifest: try Self.coffeeShop())
        let confirmer = RecordingConfirmer(answer: .confirmed)
        var states: [LocationConfirmation.State] = []
        let stream = confirmation.changes.values(startingWith: confirmation.state)
        let reader = Task { for await state in stream { states.append(state); if case .finished = state { break } } }
        confirmation.receive(invocation: table, confirmer: confirmer)
        #expect(await confirmation.confirm() == .confirmed)
        #expect(await confirmation.confirm() == .confirmed)
        await reader.value
        #expect(confirmer.regions.count == 1, "asked once per invocation")
        let region = try #require(confirmer.regions.first)
        #expect(region.latitude == 40.7233 && region.longitude == -74.003 && region.identifier == "Brew SoHo")
        #expect(region.radius == LocationConfirmationRegion.defaultRadius && region.radius <= 500)
        #expect(states == [.idle, .confirming, .finished(.confirmed)])
    }

    /// The session a clip's `ClipSessionView` sets up carries the manifest's confirmation, so the
    /// activity of the launch reaches it before any content view exists, and the table view asks
    /// the session.
    @Test func theClipSessionConfirmsTheInvocationItWasHanded() async throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-location-session")
        let runtime = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), containerDirectory: folder.url)
        let session = ClipSession(runtime: runtime)
        let confirmation = try #require(session.locationConfirmation)
        #expect(confirmation.isRequested)
        #expect(await session.confirmLocation() == .unavailable(.noPhysicalInvocation), "nothing scanned yet")
        confirmation.receive(invocation: table, confirmer: RecordingConfirmer(answer: .confirmed))
        session.inbox.receive(.webpage(table))
        #expect(await session.confirmLocation() == .confirmed)
        confirmation.receive(invocation: table, confirmer: RecordingConfirmer(answer: .notConfirmed))
        #expect(await session.confirmLocation() == .notConfirmed, "a new scan asks again")
    }

    @Test func aScanElsewhereIsNotConfirmedAndANewScanAsksAgain() async throws {
        let confirmation = LocationConfirmation(manifest: try Self.coffeeShop())
        let away = RecordingConfirmer(answer: .notConfirmed)
        confirmation.receive(invocation: table, confirmer: away)
        #expect(await confirmation.confirm() == .notConfirmed)
        let there = RecordingConfirmer(answer: .confirmed)
        confirmation.receive(invocation: URL(string: "https://brew.example/s/soho/t/13")!, confirmer: there)
        #expect(confirmation.state == .idle)
        #expect(await confirmation.confirm() == .confirmed)
        #expect(away.regions.count == 1 && there.regions.count == 1)
    }

    @Test func twoCallsAtOnceAskTheSystemOnce() async throws {
        let confirmation = LocationConfirmation(manifest: try Self.coffeeShop())
        let confirmer = RecordingConfirmer(answer: .confirmed)
        confirmation.receive(invocation: table, confirmer: confirmer)
        async let first = confirmation.confirm()
        async let second = confirmation.confirm()
        #expect(await [first, second] == [.confirmed, .confirmed])
        #expect(confirmer.regions.count == 1)
    }

    @Test func withoutAnAnswerTheReasonSaysWhy() async throws {
        let manifest = try Self.coffeeShop()
        let linkOpened = LocationConfirmation(manifest: manifest)
        linkOpened.receive(invocation: table, confirmer: nil)
        #expect(await linkOpened.confirm() == .unavailable(.noPhysicalInvocation))

        let nothingReceived = LocationConfirmation(manifest: manifest)
        #expect(await nothingReceived.confirm() == .unavailable(.noPhysicalInvocation))

        let elsewhere = LocationConfirmation(manifest: manifest)
        let confirmer = RecordingConfirmer(answer: .confirmed)
        elsewhere.receive(invocation: URL(string: "https://brew.example/r/6f1c2a44-0000-4000-8000-000000000000")!, confirmer: confirmer)
        #expect(await elsewhere.confirm() == .unavailable(.noPlace(url: "https://brew.example/r/6f1c2a44-0000-4000-8000-000000000000")))
        #expect(confirmer.regions.isEmpty, "the system is not asked without a place")

        var unrequested = manifest
        unrequested.clip.requestsLocationConfirmation = false
        let off = LocationConfirmation(manifest: unrequested)
        off.receive(invocation: table, confirmer: confirmer)
        #expect(await off.confirm() == .unavailable(.notRequested))
        #expect(confirmer.regions.isEmpty)

        let declined = LocationConfirmation(manifest: manifest)
        declined.receive(invocation: table, confirmer: RecordingConfirmer(answer: .unavailable(.disallowed)))
        #expect(await declined.confirm() == .unavailable(.disallowed))
        #expect(LocationConfirmationUnavailability.disallowed.description.contains("declined"))
    }

    /// Places cover URLs by prefix, as App Clip experiences do: the longest prefix wins.
    @Test func theMostSpecificPlaceCoversAURL() throws {
        var manifest = try Self.coffeeShop()
        manifest.places.append(.init(name: "Brew SoHo terrace", url: "https://brew.example/s/soho/t/4", latitude: 40.7234, longitude: -74.0031, mapAction: "RESTAURANT_ORDER_FOOD"))
        let confirmation = LocationConfirmation(manifest: manifest)
        #expect(confirmation.place(for: URL(string: "https://BREW.example/s/soho/t/12")!)?.name == "Brew SoHo")
        #expect(confirmation.place(for: URL(string: "https://brew.example/s/soho/t/4")!)?.name == "Brew SoHo terrace")
        #expect(confirmation.place(for: URL(string: "https://brew.example/s/tribeca/t/1")!) == nil)
        #expect(confirmation.place(for: URL(string: "http://brew.example/s/soho/t/1")!) == nil)
        #expect(confirmation.place(for: URL(string: "https://other.example/s/soho")!) == nil)
    }

    @Test func regionsStayWithinWhatTheSystemAccepts() throws {
        let place = try #require(try Self.coffeeShop().places.first)
        #expect(try LocationConfirmationRegion(place: place, radius: 500).radius == 500)
        #expect(throws: LocationConfirmationError.self) { try LocationConfirmationRegion(place: place, radius: 501) }
        #expect(throws: LocationConfirmationError.self) { try LocationConfirmationRegion(place: place, radius: 0) }
        #expect(throws: LocationConfirmationError.self) { try LocationConfirmationRegion(latitude: 91, longitude: 0, identifier: "x") }
        #expect(throws: LocationConfirmationError.self) { try LocationConfirmationRegion(latitude: 0, longitude: -180.5, identifier: "x") }
        #expect(throws: LocationConfirmationError.self) { try LocationConfirmation(manifest: try Self.coffeeShop(), radius: 800) }
        let error = LocationConfirmationError.invalidRegion("radius 800.0 m of 'Brew SoHo' is not more than 0 and at most 500 m")
        #expect(error.errorDescription?.contains("clipkit.json") == true)
    }
}

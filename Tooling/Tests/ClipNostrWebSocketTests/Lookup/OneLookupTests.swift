import ClipKit
import ClipKitUI
import ClipLoopback
import ClipNostr
import ClipNostrUI
import ClipNostrWebSocket
import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// The clip's preview, the share page's provider and `clipkit profile` read one relay answer the
/// same way, because all three run ClipNostr's `ProfileLookup`. The relays: a real `nostr-relay`
/// with nothing stored (it sends `EOSE`), and two test doubles for peers no real relay program
/// plays on purpose — one that refuses every subscription with `CLOSED` (as a relay that wants
/// authentication does) and one that completes the handshake and then never answers.
@Suite("One lookup for the clip, the server and the command line", .serialized, .timeLimit(.minutes(2)))
struct OneLookupTests {
    /// What each path concluded: a stable reason code.
    struct Verdicts: Equatable {
        var clip: String
        var sharePage: String
        var commandLine: String
    }

    static let deadline: Duration = .seconds(2)

    func verdicts(relays: [RelayURL]) async throws -> Verdicts {
        let pubkey = try await DriverFixtures.signProfile(key: "one-lookup-\(UUID().uuidString)", content: ["name": "nobody"]).pubkey
        let npub = try NIP19.encodePublicKey(pubkey)
        let configuration = ProfileFetchConfiguration(timeout: Self.deadline)

        // The clip: the preview model over the relay profile loader, as RoadFlare's clip builds it.
        let loader = RelayProfileLoader(fetcher: ProfileFetcher(configuration: configuration, transportFactory: RelayTransports.tooling), relays: relays)
        let model = await DriverPreviewModel(driver: npub, loader: loader, offering: try AppGroupFixture().store, deadline: .seconds(10))
        await model.load()
        let clip: String
        switch await model.state {
        case .failed(.profileNotFound): clip = ProfileAbsence.notFound.rawValue
        case .failed(.noRelayAnswered): clip = ProfileAbsence.noRelayAnswered.rawValue
        case let other: clip = "\(other)"
        }

        // The share page: the server's provider; an absence is `nil`, learning nothing throws.
        let provider = NostrShareProfileProvider(
            relays: relays, fetcher: DefaultShareProfileProvider.fetcher(configuration: configuration), nip05Verifier: nil
        )
        let sharePage: String
        do {
            let profile = try await provider.profile(for: ShareProfileRequest(route: "driverShare", parameters: ["npub": npub]))
            sharePage = profile == nil ? ProfileAbsence.notFound.rawValue : "found"
        } catch let error as NostrProfileLookupError {
            sharePage = error.reason == ProfileLookupFailure.noRelayAnswered.description ? ProfileAbsence.noRelayAnswered.rawValue : error.description
        }

        // The command line.
        let arguments = ["profile", npub, "--timeout", "2", "--json"] + relays.flatMap { ["--relay", $0.string] }
        let result = try await ChildProcess.clipkit(arguments, timeout: 30)
        #expect(result.status == 1, "\(result.standardError)")
        let commandLine = try result.json()["reasonCode"] as? String ?? "none"
        return Verdicts(clip: clip, sharePage: sharePage, commandLine: commandLine)
    }

    @Test("CLOSED, EOSE with nothing, and silence: every path says not-found")
    func closedEmptyAndSilent() async throws {
        let closed = try await HostileRelay(
            .answer([.closedSubscription(reason: "auth-required: sign in first")]),
            relayListReplies: [.closedSubscription(reason: "auth-required: sign in first")]
        )
        let empty = try await LocalRelay.start()
        defer { empty.stop() }
        let silent = try await HostileRelay(.answer([]), relayListReplies: [])
        let verdicts = try await verdicts(relays: [closed.url, try RelayURL(empty.url), silent.url])
        #expect(verdicts == Verdicts(clip: "not-found", sharePage: "not-found", commandLine: "not-found"))
        await closed.stop()
        await silent.stop()
    }

    @Test("CLOSED and silence alone: no relay answered, on every path (the share page used to call it not found)")
    func closedIsNoAnswer() async throws {
        let closed = try await HostileRelay(
            .answer([.closedSubscription(reason: "rate-limited: slow down")]),
            relayListReplies: [.closedSubscription(reason: "rate-limited: slow down")]
        )
        let silent = try await HostileRelay(.answer([]), relayListReplies: [])
        let verdicts = try await verdicts(relays: [closed.url, silent.url])
        #expect(verdicts == Verdicts(clip: "no-relay-answered", sharePage: "no-relay-answered", commandLine: "no-relay-answered"))
        await closed.stop()
        await silent.stop()
    }
}

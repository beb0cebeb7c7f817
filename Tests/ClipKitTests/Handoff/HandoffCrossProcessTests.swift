@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// Two real processes claim the same handoffs at once: every offer is claimed exactly once.
@Suite struct HandoffCrossProcessTests {
    struct RaceTicket: Codable, Sendable {
        var round: Int
    }

    @Test(.timeLimit(.minutes(1)))
    func twoProcessesClaimFiveHundredOffersExactlyOnceEach() async throws {
        let rounds = 500
        let folder = try TemporaryDirectory(prefix: "clipkit-race")
        let defaults = try DirectorySharedDefaults(
            directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: folder.url), synchronizesWrites: false
        )
        let store = try HandoffStore(defaults: defaults, lifetime: 3600)
        let entry = defaults.directory.appendingPathComponent(HandoffStore.defaultKey).path

        let race = try await ClaimRace(storeArguments: ["--container", folder.url.path], rounds: rounds).run(
            in: folder,
            offer: { round in try store.offer(RaceTicket(round: round), typeName: "test.raceTicket") },
            isWaiting: { FileManager.default.fileExists(atPath: entry) }
        )
        race.expectEachOfferClaimedOnce(of: rounds)
        #expect(!FileManager.default.fileExists(atPath: entry))
        print("two-process claim race: \(rounds) offers in \(String(format: "%.2f", race.elapsed)) s; wins \(race.firstClaims.count) / \(race.secondClaims.count)")
    }
}

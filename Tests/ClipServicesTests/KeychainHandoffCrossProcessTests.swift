import ClipKit
import ClipServices
import ClipTestSupport
import Foundation
import KeychainTestDouble
import Testing

/// Two real processes claim the same keychain handoffs at once: every offer is claimed exactly once.
/// The keychain is the file-backed test double (Linux has no keychain), which keeps the keychain's
/// rule the claim rests on: of several deletes of one item, exactly one succeeds.
@Suite struct KeychainHandoffCrossProcessTests {
    struct SecretTicket: Codable, Sendable {
        var round: Int
    }

    @Test(.timeLimit(.minutes(1)))
    func twoProcessesClaimFiveHundredOffersExactlyOnceEach() async throws {
        let rounds = 500
        let folder = try TemporaryDirectory(prefix: "clipkit-keychain-race")
        let keychainFolder = folder.file("keychain")
        let keychain = try FileKeychainItems(directory: keychainFolder)
        let store = try KeychainHandoffStore(keychain: keychain, lifetime: 3600)

        let race = try await ClaimRace(storeArguments: ["--keychain", keychainFolder.path], rounds: rounds).run(
            in: folder,
            offer: { round in try store.offer(SecretTicket(round: round), typeName: "test.secretTicket") },
            isWaiting: { try !keychain.itemFiles(service: KeychainHandoffStore.defaultKey).isEmpty }
        )
        #expect(race.bothReady)
        #expect(race.unclaimedRound == nil, "round \(race.unclaimedRound ?? -1): nobody claimed the offer within 5 s")
        #expect(race.exitStatuses == [0, 0])
        #expect(race.allClaims == Array(0..<rounds), "each offer must be claimed exactly once: \(race.allClaims.count) claims, \(Set(race.allClaims).count) distinct")
        #expect(Set(race.firstClaims).isDisjoint(with: race.secondClaims))
        // Both processes were claiming; had one of them won nothing, there would have been no contest.
        #expect(!race.firstClaims.isEmpty && !race.secondClaims.isEmpty, "wins: \(race.firstClaims.count) and \(race.secondClaims.count)")
        #expect(!race.reportedDiagnostics)
        #expect(try keychain.itemFiles(service: KeychainHandoffStore.defaultKey).isEmpty)
        print("two-process keychain claim race: \(rounds) offers in \(String(format: "%.2f", race.elapsed)) s; wins \(race.firstClaims.count) / \(race.secondClaims.count)")
    }
}

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
        race.expectEachOfferClaimedOnce(of: rounds)
        #expect(try keychain.itemFiles(service: KeychainHandoffStore.defaultKey).isEmpty)
        print("two-process keychain claim race: \(rounds) offers in \(String(format: "%.2f", race.elapsed)) s; wins \(race.firstClaims.count) / \(race.secondClaims.count)")
    }
}

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
        let stopFile = folder.file("stop")
        let keychainFolder = folder.file("keychain")
        let keychain = try FileKeychainItems(directory: keychainFolder)
        let store = try KeychainHandoffStore(keychain: keychain, lifetime: 3600)

        let executable = try TestEnvironment.builtExecutable(named: "HandoffRaceClaimer")
        let arguments = ["--keychain", keychainFolder.path, "--stop-file", stopFile.path]
        let first = try ChildProcess(executable, arguments: arguments)
        let second = try ChildProcess(executable, arguments: arguments)
        #expect(await first.waitForOutput(containing: "ready", timeout: 10))
        #expect(await second.waitForOutput(containing: "ready", timeout: 10))

        let started = Date()
        for round in 0..<rounds {
            try store.offer(SecretTicket(round: round), typeName: "test.secretTicket")
            // The next ticket is offered only once this one is claimed, so no offer replaces an unclaimed one.
            let deadline = Date().addingTimeInterval(5)
            while try !keychain.itemFiles(service: KeychainHandoffStore.defaultKey).isEmpty {
                guard Date() < deadline else {
                    Issue.record("round \(round): nobody claimed the offer within 5 s")
                    return
                }
                try await Task.sleep(nanoseconds: 20_000)
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        _ = FileManager.default.createFile(atPath: stopFile.path, contents: nil)
        #expect(await first.waitForExit(timeout: 10) == 0)
        #expect(await second.waitForExit(timeout: 10) == 0)

        func claims(_ process: ChildProcess) -> [Int] {
            process.standardOutput.split(separator: "\n").compactMap { line in
                line.hasPrefix("claimed ") ? Int(line.dropFirst("claimed ".count)) : nil
            }
        }
        let firstClaims = claims(first)
        let secondClaims = claims(second)
        let all = (firstClaims + secondClaims).sorted()
        #expect(all == Array(0..<rounds), "each offer must be claimed exactly once: \(all.count) claims, \(Set(all).count) distinct")
        #expect(Set(firstClaims).isDisjoint(with: secondClaims))
        // Both processes were claiming; had one of them won nothing, there would have been no contest.
        #expect(!firstClaims.isEmpty && !secondClaims.isEmpty, "wins: \(firstClaims.count) and \(secondClaims.count)")
        #expect(!first.standardOutput.contains("diagnostic") && !second.standardOutput.contains("diagnostic"))
        #expect(try keychain.itemFiles(service: KeychainHandoffStore.defaultKey).isEmpty)
        print("two-process keychain claim race: \(rounds) offers in \(String(format: "%.2f", elapsed)) s; wins \(firstClaims.count) / \(secondClaims.count)")
    }
}

import Foundation
import Testing

/// Two claimer processes taking the same handoffs at once, while the test offers one at a time: the
/// race the cross-process tests of the App Group store and of the keychain handoff both run, through
/// `HandoffRaceClaimer`.
public struct ClaimRace {
    /// What the two claimers reported, and how the race went.
    public struct Outcome {
        /// The rounds the first claimer won, in the order it won them.
        public var firstClaims: [Int]
        /// The rounds the second claimer won.
        public var secondClaims: [Int]
        /// Whether both claimers announced themselves ready before the first offer.
        public var bothReady: Bool
        /// The claimers' exit statuses; `nil` for one that did not exit in time.
        public var exitStatuses: [Int32?]
        /// Whether either claimer reported a discarded entry.
        public var reportedDiagnostics: Bool
        /// The round nobody claimed within five seconds, which ended the race early.
        public var unclaimedRound: Int?
        /// How long the offers took.
        public var elapsed: TimeInterval

        /// Every claim of both claimers, sorted.
        public var allClaims: [Int] { (firstClaims + secondClaims).sorted() }

        /// Records an issue unless the race was a fair contest whose `rounds` offers were each
        /// claimed exactly once: both claimers ready and exited cleanly, no round left unclaimed or
        /// claimed twice, both claimers winning some, and no discarded entry reported.
        public func expectEachOfferClaimedOnce(of rounds: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(bothReady, sourceLocation: sourceLocation)
            #expect(unclaimedRound == nil, "round \(unclaimedRound ?? -1): nobody claimed the offer within 5 s", sourceLocation: sourceLocation)
            #expect(exitStatuses == [0, 0], sourceLocation: sourceLocation)
            #expect(allClaims == Array(0..<rounds),
                    "each offer must be claimed exactly once: \(allClaims.count) claims, \(Set(allClaims).count) distinct", sourceLocation: sourceLocation)
            #expect(Set(firstClaims).isDisjoint(with: secondClaims), sourceLocation: sourceLocation)
            // Both processes were claiming; had one of them won nothing, there would have been no contest.
            #expect(!firstClaims.isEmpty && !secondClaims.isEmpty, "wins: \(firstClaims.count) and \(secondClaims.count)", sourceLocation: sourceLocation)
            #expect(!reportedDiagnostics, sourceLocation: sourceLocation)
        }
    }

    /// The claimer's store option and folder: `["--container", path]` or `["--keychain", path]`.
    public var storeArguments: [String]
    /// How many offers the test makes.
    public var rounds: Int

    /// Creates a race of `rounds` offers against the store `storeArguments` names.
    public init(storeArguments: [String], rounds: Int) {
        self.storeArguments = storeArguments
        self.rounds = rounds
    }

    /// Starts two claimers, makes each offer with `offer` once the previous one is claimed
    /// (`isWaiting` says an offer is still unclaimed), then stops the claimers and reads their reports.
    public func run(
        in folder: TemporaryDirectory, offer: (Int) throws -> Void, isWaiting: () throws -> Bool
    ) async throws -> Outcome {
        let stopFile = folder.file("stop")
        let executable = try TestEnvironment.builtExecutable(named: "HandoffRaceClaimer")
        let arguments = storeArguments + ["--stop-file", stopFile.path]
        let first = try ChildProcess(executable, arguments: arguments)
        let second = try ChildProcess(executable, arguments: arguments)
        let firstReady = await first.waitForOutput(containing: "ready", timeout: 10)
        let secondReady = await second.waitForOutput(containing: "ready", timeout: 10)

        let started = Date()
        var unclaimed: Int?
        rounds: for round in 0..<rounds {
            try offer(round)
            // The next offer is made only once this one is claimed, so no offer replaces an unclaimed one.
            let deadline = Date().addingTimeInterval(5)
            while try isWaiting() {
                guard Date() < deadline else {
                    unclaimed = round
                    break rounds
                }
                try await Task.sleep(nanoseconds: 20_000)
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        _ = FileManager.default.createFile(atPath: stopFile.path, contents: nil)
        let statuses = [await first.waitForExit(timeout: 10), await second.waitForExit(timeout: 10)]

        func claims(_ process: ChildProcess) -> [Int] {
            process.standardOutput.split(separator: "\n").compactMap { line in
                line.hasPrefix("claimed ") ? Int(line.dropFirst("claimed ".count)) : nil
            }
        }
        return Outcome(
            firstClaims: claims(first), secondClaims: claims(second), bothReady: firstReady && secondReady,
            exitStatuses: statuses,
            reportedDiagnostics: first.standardOutput.contains("diagnostic") || second.standardOutput.contains("diagnostic"),
            unclaimedRound: unclaimed, elapsed: elapsed
        )
    }
}

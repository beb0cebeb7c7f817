@_spi(ClipKitTooling) import ClipNotifications
import Foundation
import ClipTestSupport
import Testing

/// The content handler runs exactly once: the work's content on success, the original on error,
/// the best attempt when the budget or the system's time runs out — and never a second time.
@Suite struct DeadlineGuardTests {
    struct PolicyFailed: Error, CustomStringConvertible {
        var description: String { "policy failed" }
    }

    /// A flag a test's work sets from another task.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
        func set() { lock.lock(); value = true; lock.unlock() }
    }

    /// Gives late callbacks (a cancelled task, a second timer) time to run, then checks that
    /// nothing was delivered twice.
    func expectSingleDelivery<Content>(_ log: DeliveryLog<Content>) async throws {
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(log.deliveries.count == 1)
    }

    @Test func successDeliversTheWorkContent() async throws {
        let log = DeliveryLog<String>()
        let deadline = DeadlineGuard(original: "original", contentHandler: log.handler)
        deadline.run(within: 25, timer: ManualDeadlineTimer()) { _ in "mutated" }
        let delivery = try await log.waitForDelivery()
        #expect(delivery.content == "mutated")
        #expect(delivery.outcome == .completed)
        #expect(!deadline.expire())
        #expect(!deadline.complete(with: "again"))
        try await expectSingleDelivery(log)
        #expect(deadline.outcome == .completed)
    }

    @Test func thrownErrorDeliversTheOriginal() async throws {
        let log = DeliveryLog<String>()
        let deadline = DeadlineGuard(original: "original", contentHandler: log.handler)
        deadline.run { bestAttempt in
            bestAttempt.record("half done")
            throw PolicyFailed()
        }
        let delivery = try await log.waitForDelivery()
        #expect(delivery.content == "original")
        #expect(delivery.outcome == .failed("policy failed"))
        try await expectSingleDelivery(log)
    }

    @Test func hungPolicyGetsTheBestAttemptWhenTheBudgetRunsOut() async throws {
        let log = DeliveryLog<String>()
        let timer = ManualDeadlineTimer()
        let sawCancellation = Flag()
        let deadline = DeadlineGuard(original: "original", contentHandler: log.handler)
        deadline.run(within: 25, timer: timer) { bestAttempt in
            bestAttempt.record("sound set")
            do {
                try await Task.sleep(nanoseconds: 3_600_000_000_000)  // a download that never answers
            } catch {
                sawCancellation.set()
                throw error
            }
            return "never"
        }
        try await timer.waitForSleeps(1)
        timer.advance(by: 24.9)
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(log.deliveries.isEmpty)
        timer.advance(by: 0.2)
        let delivery = try await log.waitForDelivery()
        #expect(delivery.content == "sound set")
        #expect(delivery.outcome == .budgetExhausted)
        let cancelDeadline = Date().addingTimeInterval(5)
        while !sawCancellation.isSet && Date() < cancelDeadline { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(sawCancellation.isSet, "the hung work was not cancelled")
        try await expectSingleDelivery(log)
    }

    @Test func hungPolicyGetsTheBestAttemptWhenTheSystemExpires() async throws {
        let log = DeliveryLog<String>()
        let deadline = DeadlineGuard(original: "original", contentHandler: log.handler)
        deadline.run { _ in
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
            return "never"
        }
        #expect(deadline.expire())
        #expect(log.deliveries.map(\.content) == ["original"])
        #expect(log.deliveries.map(\.outcome) == [.systemExpired])
        #expect(!deadline.expire())
        try await expectSingleDelivery(log)
    }

    /// A policy that blocks its thread and ignores cancellation: expiry delivers at once, and the
    /// work's late result is dropped.
    @Test func blockingPolicyCannotDelayExpiry() async throws {
        let log = DeliveryLog<String>()
        let started = Flag()
        let finished = Flag()
        let release = DispatchSemaphore(value: 0)
        let deadline = DeadlineGuard(original: "original", contentHandler: log.handler)
        deadline.run { bestAttempt in
            bestAttempt.record("badge set")
            started.set()
            release.wait()  // blocks the thread, deaf to cancellation
            finished.set()
            return "late"
        }
        while !started.isSet { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(deadline.expire())
        #expect(log.deliveries.map(\.content) == ["badge set"])
        release.signal()
        while !finished.isSet { try await Task.sleep(nanoseconds: 1_000_000) }
        try await expectSingleDelivery(log)
        #expect(log.deliveries.map(\.outcome) == [.systemExpired])
    }

    /// `complete` and `expire` released at the same instant on two threads (a spin barrier), 2,000
    /// times with the sides swapped every round: one delivery each time, with the content that
    /// belongs to the outcome that won.
    @Test func expiryRacingCompletionDeliversOnce() {
        var completedWins = 0
        var expiredWins = 0
        let rounds = 2_000
        var random = SeededGenerator(seed: 0xDEAD_0006)
        for round in 0..<rounds {
            // A little seeded jitter after the barrier, so arrivals interleave both ways and often tie.
            let jitter = (0..<2).map { _ in Int.random(in: 0..<400, using: &random) }
            let log = DeliveryLog<String>()
            let deadline = DeadlineGuard(original: "original", contentHandler: log.handler)
            deadline.recordBestAttempt("best")
            let barrier = SpinBarrier(parties: 2)
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                barrier.arriveAndWait()
                var spin = 0
                for step in 0..<jitter[side] { spin &+= step }
                withExtendedLifetime(spin) {}
                if (side + round) % 2 == 0 { deadline.complete(with: "mutated") } else { deadline.expire() }
            }
            let deliveries = log.deliveries
            #expect(deliveries.count == 1)
            switch deliveries.first?.outcome {
            case .completed?: #expect(deliveries.first?.content == "mutated"); completedWins += 1
            case .systemExpired?: #expect(deliveries.first?.content == "best"); expiredWins += 1
            default: Issue.record("unexpected outcome \(String(describing: deliveries.first?.outcome))")
            }
        }
        // Which side wins depends on scheduling: on an idle machine the two calls truly collide; on
        // a loaded one the thread released second tends to win, and swapping the sides each round
        // still makes each of complete and expire go first in half the rounds. What must hold in
        // every round is the single delivery checked above.
        print("deadline guard race: completion won \(completedWins), expiry won \(expiredWins)")
        #expect(completedWins + expiredWins == rounds)
    }

    /// Holds each party until all have arrived, spinning, so they leave together.
    final class SpinBarrier: @unchecked Sendable {
        private let lock = NSLock()
        private var arrived = 0
        private let parties: Int

        init(parties: Int) { self.parties = parties }

        func arriveAndWait() {
            lock.lock()
            arrived += 1
            lock.unlock()
            var spins = 0
            while true {
                lock.lock()
                let everyone = arrived >= parties
                lock.unlock()
                if everyone { return }
                spins += 1
                // Spin while the other party is likely running on another core; yield when it
                // probably waits for this one's core.
                if spins > 2_000 { sched_yield() }
            }
        }
    }

    /// The full path: work that finishes at once against expiry from another thread and a zero
    /// budget on the real timer — three deliverers racing, 500 times.
    @Test func workExpiryAndBudgetRacingDeliverOnce() async throws {
        for round in 0..<500 {
            let log = DeliveryLog<String>()
            let deadline = DeadlineGuard(original: "original", contentHandler: log.handler)
            deadline.run(within: 0) { bestAttempt in
                bestAttempt.record("best")
                return "mutated"
            }
            let expiring = Thread { deadline.expire() }
            expiring.start()
            let delivery = try await log.waitForDelivery()
            switch delivery.outcome {
            case .completed: #expect(delivery.content == "mutated")
            case .systemExpired, .budgetExhausted: #expect(delivery.content == "best" || delivery.content == "original")
            case .failed: Issue.record("round \(round): failed")
            }
            try await Task.sleep(nanoseconds: 1_000_000)
            #expect(log.deliveries.count == 1, "round \(round)")
        }
    }

    @Test func handlerMayCallBackIntoTheGuard() async throws {
        let calls = DeliveryLog<String>()
        let box = GuardBox()
        let deadline = DeadlineGuard<String>(original: "original") { content, outcome in
            calls.handler(content, outcome)
            // Re-entering from the handler neither deadlocks nor delivers again.
            #expect(box.deadline?.expire() == false)
        }
        box.deadline = deadline
        #expect(deadline.complete(with: "done"))
        #expect(calls.deliveries.count == 1)
    }

    @Test func laterRunsAndBestAttemptsAreIgnoredAfterDelivery() async throws {
        let log = DeliveryLog<String>()
        let deadline = DeadlineGuard(original: "original", contentHandler: log.handler)
        #expect(deadline.expire())
        deadline.recordBestAttempt("too late")
        deadline.run { _ in "too late" }
        try await expectSingleDelivery(log)
        #expect(log.deliveries.map(\.content) == ["original"])
    }

    final class GuardBox: @unchecked Sendable {
        var deadline: DeadlineGuard<String>?
    }
}

@_spi(ClipKitTooling) @testable import ClipKitUI
import ClipTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct DwellTimerTests {
    @Test func aClockTimerWaitsExactlyOnThatClock() async throws {
        let clock = ManualClock()
        let timer = DwellTimer(clock)
        let waiting = Task { try await timer.sleep(seconds: 2) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(1_999))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        try await waiting.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func aWaitThatIsNotPositiveReturnsAtOnce() async throws {
        let clock = ManualClock()
        try await DwellTimer(clock).sleep(seconds: 0)
        try await DwellTimer(clock).sleep(seconds: -3)
        #expect(clock.sleeperCount == 0)
    }

    @Test(arguments: [DwellTimer.system, DwellTimer.nanosecondSleep])
    func theSystemTimersWaitAtLeastTheTime(timer: DwellTimer) async throws {
        let started = ContinuousClock.now
        try await timer.sleep(seconds: 0.05)
        #expect(ContinuousClock.now - started >= .milliseconds(50))
    }

    @Test(arguments: [DwellTimer.system, DwellTimer.nanosecondSleep])
    func theSystemTimersEndWhenTheTaskIsCancelled(timer: DwellTimer) async throws {
        let started = ContinuousClock.now
        let waiting = Task { try await timer.sleep(seconds: 600) }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func nanosecondsRoundUpAndStayInRange() {
        #expect(DwellTimer.nanoseconds(1.5) == 1_500_000_000)
        #expect(DwellTimer.nanoseconds(0.000_000_000_1) == 1)
        #expect(DwellTimer.nanoseconds(0) == 0)
        #expect(DwellTimer.nanoseconds(-2) == 0)
        #expect(DwellTimer.nanoseconds(1e30) == UInt64.max)
    }
}

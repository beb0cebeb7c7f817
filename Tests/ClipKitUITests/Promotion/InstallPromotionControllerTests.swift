import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipTestSupport
import Foundation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct InstallPromotionControllerTests {
    let wall = TestWallClock()
    let memory = InMemoryPromotionMemory()

    func makeController(memory: InMemoryPromotionMemory? = nil) -> InstallPromotionController {
        let wall = self.wall
        return InstallPromotionController(
            policy: InstallPromotionPolicy(minimumDwell: 20, quietPeriodAfterDismissal: 3_600),
            memory: memory ?? self.memory, now: { wall.now }
        )
    }

    @Test func showsOnceAfterTheTaskAndNotAgainInTheSameInvocation() {
        let controller = makeController()
        #expect(controller.request(.automatic) == .hold(.taskNotDone(remaining: nil)))
        controller.recordContentShown()
        controller.recordTaskCompleted()
        #expect(controller.request(.automatic) == .present)
        #expect(controller.isOverlayPresented)
        #expect(controller.request(.automatic) == .hold(.alreadyPresented))

        controller.recordOverlayDismissed()
        #expect(!controller.isOverlayPresented)
        #expect(controller.request(.automatic) == .hold(.alreadyShownThisInvocation))
        #expect(controller.request(.personAsked) == .present, "the person's own tap is never held")
    }

    @Test func aDismissalQuietsTheNextInvocationThroughTheSharedMemory() {
        let first = makeController()
        first.recordTaskCompleted()
        first.request(.automatic)
        first.recordOverlayDismissed()
        #expect(memory.lastDismissal() == wall.now)

        wall.advance(by: 600)
        let second = makeController()
        second.recordTaskCompleted()
        #expect(second.request(.automatic) == .hold(.recentlyDismissed(until: wall.now.addingTimeInterval(3_000))))

        wall.advance(by: 3_000)
        let third = makeController()
        third.recordTaskCompleted()
        #expect(third.request(.automatic) == .present)
    }

    @Test func dismissingWhatIsNotShownRecordsNothing() {
        let controller = makeController()
        controller.recordOverlayDismissed()
        #expect(memory.lastDismissal() == nil)
    }

    @Test func changesReachObservers() {
        final class Recorder { var values: [Bool] = [] }
        let recorder = Recorder()
        let controller = makeController()
        controller.changes.addObserver(recorder) { recorder, presented in recorder.values.append(presented) }
        controller.request(.personAsked)
        controller.request(.personAsked)
        controller.recordOverlayDismissed()
        #expect(recorder.values == [true, false])
    }

    @Test func requestsAutomaticallyOnceTheDwellHasPassed() async {
        let clock = ManualClock()
        let controller = makeController()
        controller.recordContentShown()
        wall.advance(by: 5)
        let waiting = Task { await controller.requestAfterMinimumDwell(timer: DwellTimer(clock)) }
        await clock.waitForSleepers(1)
        wall.advance(by: 15)
        clock.advance(by: .seconds(15))
        #expect(await waiting.value == .present)
        #expect(controller.isOverlayPresented)
    }

    @Test func theDwellWaitEndsQuietlyWhenCancelled() async {
        let clock = ManualClock()
        let controller = makeController()
        controller.recordContentShown()
        let waiting = Task { await controller.requestAfterMinimumDwell(timer: DwellTimer(clock)) }
        await clock.waitForSleepers(1)
        waiting.cancel()
        #expect(await waiting.value == nil)
        #expect(!controller.isOverlayPresented)
    }
}

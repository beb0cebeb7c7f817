@_spi(ClipKitTooling) import ClipKitUI
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StateBroadcastTests {
    final class Recorder { var values: [Int] = [] }

    struct WeakProbe {
        weak var object: Recorder?
        init(_ object: Recorder?) { self.object = object }
    }

    @Test func observersLiveAsLongAsTheirOwner() {
        let broadcast = StateBroadcast<Int>()
        var recorder: Recorder? = Recorder()
        let probe = WeakProbe(recorder)
        if let recorder { broadcast.addObserver(recorder) { owner, value in owner.values.append(value) } }
        broadcast.send(1)
        #expect(recorder?.values == [1])
        recorder = nil
        #expect(probe.object == nil, "the broadcast does not keep its observers alive")
        broadcast.send(2)
    }

    @Test func streamsStartWithTheCurrentValueAndEndOnFinish() async {
        let broadcast = StateBroadcast<Int>()
        let stream = broadcast.values(startingWith: 0)
        broadcast.send(1)
        broadcast.send(2)
        broadcast.finish()
        var seen: [Int] = []
        for await value in stream { seen.append(value) }
        #expect(seen == [0, 1, 2])
    }
}

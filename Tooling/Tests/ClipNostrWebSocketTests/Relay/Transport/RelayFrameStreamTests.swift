@_spi(ClipKitTooling) import ClipNostr
import Testing

@Suite("Relay frame stream")
struct RelayFrameStreamTests {
    @Test("frames arrive in order and the stream ends when finished")
    func order() async throws {
        let stream = RelayFrameStream(capacity: 4)
        let producer = Task {
            for index in 0..<100 { await stream.deliver("frame \(index)") }
            stream.finish()
        }
        var received: [String] = []
        for try await frame in stream { received.append(frame) }
        await producer.value
        #expect(received == (0..<100).map { "frame \($0)" })
    }

    @Test("the producer waits while the buffer is full")
    func backPressure() async throws {
        let stream = RelayFrameStream(capacity: 2)
        let progress = Progress()
        let producer = Task {
            for index in 0..<10 {
                await stream.deliver("\(index)")
                await progress.record(index)
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(await progress.delivered == 2, "only the buffer's capacity may be delivered before anyone reads")
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == "0")
        try await Task.sleep(for: .milliseconds(100))
        #expect(await progress.delivered == 3)
        stream.finish()
        await producer.value
        #expect(await progress.delivered == 10, "finishing releases the producer")
    }

    @Test("finishing with an error reaches the consumer after the buffered frames")
    func errorAfterFrames() async throws {
        let stream = RelayFrameStream()
        await stream.deliver("a")
        stream.finish(throwing: RelayTransportError.frameTooLarge(limit: 10))
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == "a")
        await #expect(throws: RelayTransportError.frameTooLarge(limit: 10)) { try await iterator.next() }
        #expect(await stream.deliver("late") == false)
    }

    @Test("cancelling the consumer ends its wait at once")
    func consumerCancellation() async {
        let stream = RelayFrameStream()
        let consumer = Task {
            var iterator = stream.makeAsyncIterator()
            return try await iterator.next()
        }
        try? await Task.sleep(for: .milliseconds(50))
        consumer.cancel()
        await #expect(throws: CancellationError.self) { try await consumer.value }
    }

    actor Progress {
        var delivered = 0
        func record(_ index: Int) { delivered = index + 1 }
    }
}

import Foundation

/// The text frames received on one relay connection, handed from the network to one consumer
/// with back-pressure: the producer waits while ``capacity`` frames are unread.
///
/// A transport calls ``deliver(_:)`` for each frame and ``finish(throwing:)`` once; a consumer
/// iterates with `for try await`. Cancelling the consuming task ends the iteration with
/// `CancellationError`, and finishing wakes a waiting producer, so neither side can hang the other.
public final class RelayFrameStream: AsyncSequence, @unchecked Sendable {
    /// Frames are strings.
    public typealias Element = String

    /// How many unread frames may wait before ``deliver(_:)`` suspends.
    public let capacity: Int

    private let lock = NSLock()
    private var buffered: [String] = []
    private var head = 0
    private var ending: Result<Void, any Error>?
    private var waitingConsumer: CheckedContinuation<String?, any Error>?
    private var waitingProducers: [CheckedContinuation<Void, Never>] = []

    /// Creates an empty stream.
    public init(capacity: Int = 16) {
        self.capacity = Swift.max(1, capacity)
    }

    /// Hands one frame to the consumer, waiting while the buffer is full.
    ///
    /// - Returns: `false` when the stream has ended and the frame was discarded.
    @discardableResult
    public func deliver(_ frame: String) async -> Bool {
        while true {
            let (delivered, consumer) = offer(frame)
            if let consumer {
                consumer.resume(returning: frame)
                return true
            }
            if let delivered { return delivered }
            await withCheckedContinuation { (producer: CheckedContinuation<Void, Never>) in
                if !waitForRoom(producer) { producer.resume() }
            }
        }
    }

    /// Hands `frame` to a waiting consumer (returned, to be resumed outside the lock) or buffers it.
    ///
    /// - Returns: `delivered` is `true` when the frame was taken, `false` when the stream has
    ///   ended, and `nil` when the buffer is full.
    private func offer(_ frame: String) -> (delivered: Bool?, consumer: CheckedContinuation<String?, any Error>?) {
        lock.lock()
        defer { lock.unlock() }
        if ending != nil { return (false, nil) }
        if let consumer = waitingConsumer {
            waitingConsumer = nil
            return (true, consumer)
        }
        if buffered.count - head < capacity {
            buffered.append(frame)
            return (true, nil)
        }
        return (nil, nil)
    }

    /// Parks `producer` until a frame is read or the stream ends; `false` when there is room
    /// (or an end) already, and the producer should go on at once.
    private func waitForRoom(_ producer: CheckedContinuation<Void, Never>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if ending != nil || buffered.count - head < capacity { return false }
        waitingProducers.append(producer)
        return true
    }

    /// Ends the stream after the buffered frames: normally, or with `error` (ignored if already ended).
    public func finish(throwing error: (any Error)? = nil) {
        lock.lock()
        guard ending == nil else {
            lock.unlock()
            return
        }
        ending = error.map { .failure($0) } ?? .success(())
        let producers = waitingProducers
        waitingProducers = []
        // A waiting consumer means the buffer is empty: it gets the end now.
        let consumer = waitingConsumer
        waitingConsumer = nil
        lock.unlock()
        for producer in producers { producer.resume() }
        if let consumer {
            if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
        }
    }

    /// Whether the stream has ended (its buffered frames may still be unread).
    @_spi(ClipKitTooling) public var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ending != nil
    }

    fileprivate func next() async throws -> String? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (consumer: CheckedContinuation<String?, any Error>) in
                let (frame, producer, end) = take(orPark: consumer)
                producer?.resume()
                switch (frame, end) {
                case (let frame?, _): consumer.resume(returning: frame)
                case (nil, .success?): consumer.resume(returning: nil)
                case (nil, .failure(let error)?): consumer.resume(throwing: error)
                case (nil, nil): break
                }
            }
        } onCancel: {
            lock.lock()
            let consumer = waitingConsumer
            waitingConsumer = nil
            lock.unlock()
            consumer?.resume(throwing: CancellationError())
        }
    }

    /// Takes the next buffered frame (and a producer to wake, now that there is room), or the
    /// stream's end, or parks `consumer` until one of them comes; all three `nil` means parked.
    private func take(
        orPark consumer: CheckedContinuation<String?, any Error>
    ) -> (frame: String?, producer: CheckedContinuation<Void, Never>?, end: Result<Void, any Error>?) {
        lock.lock()
        defer { lock.unlock() }
        if head < buffered.count {
            let frame = buffered[head]
            head += 1
            if head > 64, head * 2 > buffered.count {
                buffered.removeFirst(head)
                head = 0
            }
            return (frame, waitingProducers.isEmpty ? nil : waitingProducers.removeFirst(), nil)
        }
        if let ending { return (nil, nil, ending) }
        if Task.isCancelled { return (nil, nil, .failure(CancellationError())) }
        waitingConsumer = consumer
        return (nil, nil, nil)
    }

    /// Iterates the frames.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let stream: RelayFrameStream

        /// The next frame, `nil` at the end.
        public mutating func next() async throws -> String? {
            try await stream.next()
        }
    }

    /// An iterator over the frames; a stream has one consumer.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }
}

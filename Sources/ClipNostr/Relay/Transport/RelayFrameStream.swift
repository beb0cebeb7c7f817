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
            let step: DeliveryStep = lock.withLock {
                if ending != nil { return .ended }
                if let consumer = waitingConsumer {
                    waitingConsumer = nil
                    return .handedOver(consumer)
                }
                if buffered.count - head < capacity {
                    buffered.append(frame)
                    return .buffered
                }
                return .full
            }
            switch step {
            case .ended: return false
            case .buffered: return true
            case .handedOver(let consumer):
                consumer.resume(returning: frame)
                return true
            case .full:
                await withCheckedContinuation { (producer: CheckedContinuation<Void, Never>) in
                    let resumeNow: Bool = lock.withLock {
                        if ending != nil || buffered.count - head < capacity { return true }
                        waitingProducers.append(producer)
                        return false
                    }
                    if resumeNow { producer.resume() }
                }
            }
        }
    }

    /// Ends the stream after the buffered frames: normally, or with `error` (ignored if already ended).
    public func finish(throwing error: (any Error)? = nil) {
        let (consumer, producers): (CheckedContinuation<String?, any Error>?, [CheckedContinuation<Void, Never>]) = lock.withLock {
            guard ending == nil else { return (nil, []) }
            ending = error.map { .failure($0) } ?? .success(())
            let producers = waitingProducers
            waitingProducers = []
            // A waiting consumer means the buffer is empty: it gets the end now.
            let consumer = waitingConsumer
            waitingConsumer = nil
            return (consumer, producers)
        }
        for producer in producers { producer.resume() }
        if let consumer {
            if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
        }
    }

    /// Whether the stream has ended (its buffered frames may still be unread).
    public var isFinished: Bool {
        lock.withLock { ending != nil }
    }

    fileprivate func next() async throws -> String? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (consumer: CheckedContinuation<String?, any Error>) in
                let outcome: NextStep = lock.withLock {
                    if head < buffered.count {
                        let frame = buffered[head]
                        head += 1
                        if head > 64, head * 2 > buffered.count {
                            buffered.removeFirst(head)
                            head = 0
                        }
                        let producer = waitingProducers.isEmpty ? nil : waitingProducers.removeFirst()
                        return .frame(frame, producer)
                    }
                    if let ending { return .ended(ending) }
                    if Task.isCancelled { return .ended(.failure(CancellationError())) }
                    waitingConsumer = consumer
                    return .wait
                }
                switch outcome {
                case .frame(let frame, let producer):
                    producer?.resume()
                    consumer.resume(returning: frame)
                case .ended(.success):
                    consumer.resume(returning: nil)
                case .ended(.failure(let error)):
                    consumer.resume(throwing: error)
                case .wait:
                    break
                }
            }
        } onCancel: {
            let consumer: CheckedContinuation<String?, any Error>? = lock.withLock {
                let consumer = waitingConsumer
                waitingConsumer = nil
                return consumer
            }
            consumer?.resume(throwing: CancellationError())
        }
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

    private enum DeliveryStep {
        case ended, buffered, full
        case handedOver(CheckedContinuation<String?, any Error>)
    }

    private enum NextStep {
        case frame(String, CheckedContinuation<Void, Never>?)
        case ended(Result<Void, any Error>)
        case wait
    }
}

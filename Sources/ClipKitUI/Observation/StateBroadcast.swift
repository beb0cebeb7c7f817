/// Hands every new value of a view model's state to its observers, on the main actor.
///
/// The UI modules' view models are plain `@MainActor` classes so that they build and are tested on
/// Linux and support iOS 15, where `@Observable` is not available. A SwiftUI view adapts them
/// through an `ObservableObject` that registers here; a command line tool such as
/// `clipkit simulate` reads ``values(startingWith:)`` and prints each step.
@MainActor
public final class StateBroadcast<Value: Sendable> {
    private struct Observer {
        weak var owner: AnyObject?
        let handler: @MainActor (AnyObject, Value) -> Void
    }

    private var observers: [Observer] = []
    private var continuations: [Int: AsyncStream<Value>.Continuation] = [:]
    private var nextStreamID = 0

    /// Creates a broadcast with no observers.
    public init() {}

    /// Calls `handler` with every later value for as long as `owner` lives.
    ///
    /// The broadcast keeps `owner` weakly; an observer goes away with its owner, so nothing has
    /// to be unregistered.
    public func addObserver<Owner: AnyObject>(_ owner: Owner, handler: @escaping @MainActor (Owner, Value) -> Void) {
        observers.append(Observer(owner: owner) { anyOwner, value in
            if let owner = anyOwner as? Owner { handler(owner, value) }
        })
    }

    /// A stream that yields `current` and then every later value, until the broadcast finishes
    /// or the reader stops.
    public func values(startingWith current: Value) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        let id = nextStreamID
        nextStreamID += 1
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        continuation.yield(current)
        return stream
    }

    /// Hands `value` to every observer and stream.
    public func send(_ value: Value) {
        observers.removeAll { $0.owner == nil }
        for observer in observers {
            if let owner = observer.owner { observer.handler(owner, value) }
        }
        for continuation in continuations.values { continuation.yield(value) }
    }

    /// Ends every stream; observers stay registered.
    public func finish() {
        for continuation in continuations.values { continuation.finish() }
        continuations.removeAll()
    }
}

/// A request, from another task, that a running ``ClipServer`` stop gracefully.
///
/// Pass one to ``ClipServer/run(shutdown:onListening:)``; calling ``request()`` stops accepting
/// connections, lets the requests in flight finish and makes `run` return normally, the way
/// SIGINT and SIGTERM do. Cancelling the task that runs the server also stops it, but abruptly.
///
/// ```swift
/// let shutdown = ServerShutdown()
/// let serving = Task { try await server.run(shutdown: shutdown) }
/// shutdown.request()
/// try await serving.value
/// ```
package final class ServerShutdown: Sendable {
    private let requests: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// Creates a request that has not been made yet.
    package init() {
        (requests, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks the server to stop; later calls do nothing.
    package func request() {
        continuation.yield()
        continuation.finish()
    }

    /// Returns once ``request()`` has been called, or when the waiting task is cancelled.
    func wait() async {
        for await _ in requests { return }
    }
}

import ClipLoopback
import ClipServer
import ClipTestSupport
import Foundation
import Logging
import Synchronization
import Testing

/// Stopping the server from another task: it stops listening, `run` returns without an error and
/// nothing is logged at error level.
@Suite(.timeLimit(.minutes(1)))
struct ServerShutdownTests {
    @Test func aShutdownRequestEndsTheRunCleanly() async throws {
        var configuration = ClipServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = try LoopbackPort.free()
        configuration.stopsOnSignals = false
        let records = LogRecords()
        var logger = Logger(label: "clipkit.serve.test") { _ in RecordingLogHandler(records: records) }
        logger.logLevel = .trace
        let server = ClipServer(site: try ServerFixtures.site("roadflare"), configuration: configuration, logger: logger)
        let shutdown = ServerShutdown()
        let (addresses, continuation) = AsyncStream<ListeningAddress>.makeStream()
        let serving = Task {
            try await server.run(shutdown: shutdown) { address in continuation.yield(address) }
        }
        var iterator = addresses.makeAsyncIterator()
        let address = try #require(await iterator.next())
        let baseURL = "http://127.0.0.1:\(address.port)"
        #expect(try await Curl.request(baseURL + "/healthz").status == 200)

        shutdown.request()
        shutdown.request()  // a second request changes nothing
        try await serving.value  // returns normally; a cancelled or failed run would throw

        await #expect(throws: Curl.CurlFailure.self) { try await Curl.request(baseURL + "/healthz") }
        let problems = records.all.filter { $0.level >= .error }
        #expect(problems.isEmpty, "\(problems.map(\.message))")
        #expect(records.all.contains { $0.message == "stopped" })
    }
}

/// What a logger received, kept for the test to read.
final class LogRecords: Sendable {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
    }

    private let storage = Mutex<[Record]>([])

    func append(_ record: Record) { storage.withLock { $0.append(record) } }

    var all: [Record] { storage.withLock { $0 } }
}

/// A log handler that records every message instead of printing it.
struct RecordingLogHandler: LogHandler {
    let records: LogRecords
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.append(LogRecords.Record(level: event.level, message: event.message.description))
    }
}

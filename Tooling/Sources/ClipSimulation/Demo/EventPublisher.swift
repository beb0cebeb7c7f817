import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import Foundation

/// Publishes a signed event to one relay over ClipNostr's WebSocket transport: sends
/// `["EVENT", event]` and waits for the relay's `["OK", id, true, …]`.
package struct EventPublisher: Sendable {
    /// Creates a publisher.
    package init() {}

    /// Verifies `event` (id and signature), publishes it and returns when the relay accepted it.
    package func publish(_ event: NostrEvent, to relay: RelayURL, timeout: Duration = .seconds(10)) async throws(DemoError) {
        if case .failure(let error) = EventVerifier().verify(event) {
            throw .publishFailed(relay: relay.string, reason: "the event does not verify: \(error.description)")
        }
        let transport = RelayTransports.tooling.makeTransport(to: relay, maximumFrameBytes: 256 * 1024)
        let frame = "[\"EVENT\",\(String(decoding: event.jsonData(), as: UTF8.self))]"
        // Closing the transport ends its frame stream, so a silent relay cannot hold the demo.
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            await transport.close()
        }
        defer { watchdog.cancel() }
        let outcome = await Self.awaitAcceptance(of: event.id, frame: frame, over: transport, relay: relay.string)
        await transport.close()
        try outcome.get()
    }

    private static func awaitAcceptance(
        of id: String, frame: String, over transport: any RelayTransport, relay: String
    ) async -> Result<Void, DemoError> {
        do {
            try await transport.connect()
            try await transport.send(frame)
            for try await text in transport.receivedFrames {
                guard let reply = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any],
                      reply.count >= 3, reply[0] as? String == "OK", reply[1] as? String == id else { continue }
                if reply[2] as? Bool == true { return .success(()) }
                return .failure(.publishFailed(relay: relay, reason: "refused: \(reply.count > 3 ? "\(reply[3])" : "no reason")"))
            }
            return .failure(.publishFailed(relay: relay, reason: "no OK before the connection closed or the time ran out"))
        } catch {
            return .failure(.publishFailed(relay: relay, reason: "\(error)"))
        }
    }
}

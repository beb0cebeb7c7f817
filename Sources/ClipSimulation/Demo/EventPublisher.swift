import ClipKit
import ClipNostr
import Foundation

/// Publishes a signed event to one relay over ClipNostr's WebSocket transport: sends
/// `["EVENT", event]` and waits for the relay's `["OK", id, true, …]`.
public struct EventPublisher: Sendable {
    /// Creates a publisher.
    public init() {}

    /// Verifies `event` (id and signature), publishes it and returns when the relay accepted it.
    public func publish(_ event: NostrEvent, to relay: RelayURL, timeout: Duration = .seconds(10)) async throws(DemoError) {
        if case .failure(let error) = EventVerifier().verify(event) {
            throw .publishFailed(relay: relay.string, reason: "the event does not verify: \(error.description)")
        }
        let transport = RelayTransports.platformDefault.makeTransport(to: relay, maximumFrameBytes: 256 * 1024)
        let id = event.id
        let frame = "[\"EVENT\",\(String(decoding: event.jsonData(), as: UTF8.self))]"
        let outcome: Result<Void, DemoError> = await withTaskGroup(of: Result<Void, DemoError>?.self) { group in
            group.addTask {
                do {
                    try await transport.connect()
                    try await transport.send(frame)
                    for try await text in transport.receivedFrames {
                        guard let reply = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any],
                              reply.count >= 3, reply[0] as? String == "OK", reply[1] as? String == id else { continue }
                        if reply[2] as? Bool == true { return .success(()) }
                        return .failure(.publishFailed(relay: relay.string, reason: "refused: \(reply.count > 3 ? "\(reply[3])" : "no reason")"))
                    }
                    return .failure(.publishFailed(relay: relay.string, reason: "the connection closed before OK"))
                } catch {
                    return .failure(.publishFailed(relay: relay.string, reason: "\(error)"))
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .failure(.publishFailed(relay: relay.string, reason: "no OK within \(timeout)"))
            }
            var first: Result<Void, DemoError>?
            while first == nil, let next = await group.next() { first = next }
            group.cancelAll()
            return first ?? .failure(.publishFailed(relay: relay.string, reason: "cancelled"))
        }
        await transport.close()
        try outcome.get()
    }
}

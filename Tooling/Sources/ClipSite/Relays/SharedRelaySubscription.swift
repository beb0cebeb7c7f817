@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Foundation

/// A fetch's subscriptions on a `SharedRelayConnection` (the profile's and the author's relay
/// list's), seen through ClipNostr's `RelayTransport` protocol, so `ProfileFetcher` runs its fetch
/// (verification, newest-wins, deadlines) unchanged on a shared connection.
///
/// - ``connect()`` reserves a subscription slot on the relay's connection (refused at once when
///   the relay's limit is reached) and waits until the connection is open.
/// - ``send(_:)`` takes the fetch's `REQ`s (their subscription ids decide which frames come back
///   here; every `REQ` after the first reserves one more slot) and `CLOSE`s; nothing else goes over
///   a shared connection.
/// - ``close()`` sends `CLOSE` for every subscription still open, stops the routing, frees the
///   slots and ends ``receivedFrames``; the connection stays open for others.
package final class SharedRelaySubscription: RelayTransport, @unchecked Sendable {
    package let relay: RelayURL
    package let maximumFrameBytes: Int
    package let receivedFrames = RelayFrameStream()
    private let connection: SharedRelayConnection
    private let lock = NSLock()
    private var holdsSlot = false
    private var extraSlots = 0
    private var subscriptions: [String: Int] = [:]
    private var closed = false

    init(relay: RelayURL, connection: SharedRelayConnection, maximumFrameBytes: Int) {
        self.relay = relay
        self.connection = connection
        self.maximumFrameBytes = maximumFrameBytes
    }

    package func connect() async throws(RelayTransportError) {
        guard !lock.withLock({ closed || holdsSlot }) else { throw .notConnected }
        if Task.isCancelled { throw .cancelled }
        try await connection.reserveSlot()
        let keep = lock.withLock {
            holdsSlot = !closed
            return holdsSlot
        }
        guard keep else {
            await connection.releaseSlot()
            throw .notConnected
        }
        do {
            try await connection.waitUntilConnected()
        } catch {
            await releaseSlot()
            throw error
        }
    }

    package func send(_ text: String) async throws(RelayTransportError) {
        guard let message = Self.typeAndSubscription(of: text) else {
            throw .protocolViolation("only REQ and CLOSE messages go over a shared relay connection")
        }
        let (type, id) = message
        let (open, isFirst, isClosed) = lock.withLock { (subscriptions[id], subscriptions.isEmpty, closed) }
        if isClosed { throw .notConnected }
        switch (type, open) {
        case ("REQ", nil):
            if !isFirst {
                try await connection.reserveSlot()
                lock.withLock { extraSlots += 1 }
            }
            let opened = try await connection.open(id, frames: receivedFrames, request: text)
            let stillOpen = lock.withLock {
                if !closed { subscriptions[id] = opened }
                return !closed
            }
            if !stillOpen { await endSubscription(id: id, generation: opened) }
        case ("CLOSE", let generation?):
            let releaseExtra = lock.withLock {
                subscriptions[id] = nil
                guard extraSlots > 0 else { return false }
                extraSlots -= 1
                return true
            }
            await connection.forget(id)
            if releaseExtra { await connection.releaseSlot() }
            try await connection.send(text, generation: generation)
        default:
            throw .protocolViolation("a shared relay connection carries one REQ per subscription and its own CLOSE")
        }
    }

    package func close() async {
        let (open, wasClosed) = lock.withLock {
            let state = (subscriptions, closed)
            subscriptions = [:]
            closed = true
            return state
        }
        guard !wasClosed else { return }
        for (id, generation) in open { await endSubscription(id: id, generation: generation) }
        await releaseSlot()
        receivedFrames.finish()
    }

    /// Stops routing and tells the relay, when the connection the subscription was opened on is still up.
    private func endSubscription(id: String, generation: Int) async {
        await connection.forget(id)
        try? await connection.send(#"["CLOSE","\#(id)"]"#, generation: generation)
    }

    private func releaseSlot() async {
        let (held, extra) = lock.withLock {
            let held = (holdsSlot, extraSlots)
            holdsSlot = false
            extraSlots = 0
            return held
        }
        if held { await connection.releaseSlot() }
        for _ in 0..<extra { await connection.releaseSlot() }
    }

    /// The message type and subscription id of a `REQ` or `CLOSE` the fetch sends; `nil` for anything else.
    package static func typeAndSubscription(of text: String) -> (type: String, id: String)? {
        guard let value = try? StrictJSONParser(maximumBytes: 64 * 1024, maximumDepth: 8).parse(text),
              let elements = value.arrayValue, elements.count >= 2,
              let type = elements[0].stringValue, type == "REQ" || type == "CLOSE",
              let id = elements[1].stringValue, !id.isEmpty, id.utf8.count <= 64
        else { return nil }
        if type == "CLOSE", elements.count != 2 { return nil }
        return (type, id)
    }
}

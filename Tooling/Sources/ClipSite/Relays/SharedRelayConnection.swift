@_spi(ClipKitTooling) import ClipNostr
import Foundation

/// One long-lived WebSocket connection to one relay, shared by every subscription to that relay.
///
/// The connection opens on first demand. Each frame the relay sends is parsed once with
/// ClipNostr's `RelayMessage` and handed, as received, to the subscription it names; frames
/// that name no open subscription are dropped. When the connection drops, every open
/// subscription ends with the error and a new connection is attempted in the background;
/// failed attempts back off exponentially (``SharedRelayConfiguration/backoff(afterFailures:jitter:)``),
/// and while a back-off runs new subscriptions are refused at once instead of waiting.
actor SharedRelayConnection {
    let relay: RelayURL
    private let factory: any RelayTransportFactory
    private let configuration: SharedRelayConfiguration

    private enum State {
        case idle
        case connecting(Task<Result<Void, RelayTransportError>, Never>)
        case connected(any RelayTransport, since: ContinuousClock.Instant)
        case closed
    }

    private var state = State.idle
    private var generation = 0
    private var failures = 0
    private var retryAt: ContinuousClock.Instant?
    private var subscriptions: [String: RelayFrameStream] = [:]
    private var reservedSlots = 0
    private var reconnection: Task<Void, Never>?
    private var reader: Task<Void, Never>?
    private(set) var statistics = SharedRelayStatistics()

    init(relay: RelayURL, factory: any RelayTransportFactory, configuration: SharedRelayConfiguration) {
        self.relay = relay
        self.factory = factory
        self.configuration = configuration
    }

    // MARK: Subscriptions

    /// Reserves room for one subscription, or refuses at once when the relay's limit is reached.
    func reserveSlot() throws(RelayTransportError) {
        if case .closed = state { throw .notConnected }
        guard reservedSlots < configuration.maximumSubscriptionsPerRelay else {
            statistics.subscriptionsRefused += 1
            throw .connectionFailed(
                "\(relay.string) already has \(reservedSlots) subscriptions open, the most allowed (maximumSubscriptionsPerRelay); try again later"
            )
        }
        reservedSlots += 1
    }

    /// Gives back a slot from ``reserveSlot()``.
    func releaseSlot() {
        reservedSlots = max(0, reservedSlots - 1)
    }

    /// Opens subscription `id` (whose `REQ` is `text`): its frames go to `frames` from now on.
    ///
    /// - Returns: The connection's generation, which ``send(_:generation:)`` checks.
    func open(_ id: String, frames: RelayFrameStream, request text: String) async throws(RelayTransportError) -> Int {
        guard case .connected(let transport, _) = state else { throw .notConnected }
        guard subscriptions[id] == nil else {
            throw .protocolViolation("subscription id \(id) is already open on the shared connection to \(relay.string)")
        }
        subscriptions[id] = frames
        let opened = generation
        statistics.subscriptionsOpened += 1
        statistics.subscriptionsOpen = subscriptions.count
        statistics.peakSubscriptionsOpen = max(statistics.peakSubscriptionsOpen, subscriptions.count)
        do {
            try await transport.send(text)
        } catch {
            forget(id)
            throw RelayTransportError(error)
        }
        return opened
    }

    /// Sends `text` on the connection a subscription was opened on; fails when that one has dropped.
    func send(_ text: String, generation opened: Int) async throws(RelayTransportError) {
        guard opened == generation, case .connected(let transport, _) = state else {
            throw .disconnected("the shared connection to \(relay.string) dropped")
        }
        do {
            try await transport.send(text)
        } catch {
            throw RelayTransportError(error)
        }
    }

    /// Stops routing frames to subscription `id`.
    func forget(_ id: String) {
        subscriptions[id] = nil
        statistics.subscriptionsOpen = subscriptions.count
    }

    // MARK: The connection

    /// Waits until the connection is open, opening it when nobody has yet; returns promptly with
    /// ``RelayTransportError/cancelled`` when the calling task is cancelled.
    func waitUntilConnected() async throws(RelayTransportError) {
        let gate = FirstResult<Result<Void, RelayTransportError>>()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                gate.install(continuation)
                Task { gate.resume(with: await self.connection()) }
            }
        } onCancel: {
            gate.resume(with: .failure(.cancelled))
        }
        try result.get()
    }

    /// The outcome of the current or a new connection attempt.
    private func connection() async -> Result<Void, RelayTransportError> {
        switch state {
        case .connected:
            return .success(())
        case .closed:
            return .failure(.notConnected)
        case .connecting(let attempt):
            return await attempt.value
        case .idle:
            if let retryAt, ContinuousClock.now < retryAt {
                statistics.subscriptionsRefused += 1
                let wait = Self.seconds(retryAt - ContinuousClock.now)
                return .failure(.connectionFailed(
                    "\(relay.string) could not be reached; the next attempt is in \(wait) s (\(failures) failed in a row)"
                ))
            }
            let attempt = Task { await self.attemptConnection() }
            state = .connecting(attempt)
            return await attempt.value
        }
    }

    /// One connection attempt, bounded by ``SharedRelayConfiguration/connectTimeout``.
    private func attemptConnection() async -> Result<Void, RelayTransportError> {
        let transport = factory.makeTransport(to: relay, maximumFrameBytes: configuration.maximumFrameBytes)
        let timeout = configuration.connectTimeout
        let relayName = relay.string
        let outcome = await withTaskGroup(of: Result<Void, RelayTransportError>?.self) { group in
            group.addTask {
                do {
                    try await transport.connect()
                    return .success(())
                } catch {
                    return .failure(RelayTransportError(error))
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                if Task.isCancelled { return nil }
                return .failure(.connectionFailed("\(relayName) did not complete the WebSocket handshake within \(Self.seconds(timeout)) s"))
            }
            var first: Result<Void, RelayTransportError>?
            while first == nil, let next = await group.next() { first = next }
            group.cancelAll()
            return first ?? .failure(.cancelled)
        }
        switch outcome {
        case .success:
            connected(transport)
        case .failure:
            await transport.close()
            attemptFailed()
        }
        return outcome
    }

    private func connected(_ transport: any RelayTransport) {
        guard case .connecting = state else {
            // Closed while connecting.
            Task { await transport.close() }
            return
        }
        generation += 1
        failures = 0
        retryAt = nil
        state = .connected(transport, since: ContinuousClock.now)
        statistics.connectionsOpened += 1
        statistics.isConnected = true
        let opened = generation
        let limits = RelayMessageLimits(maximumFrameBytes: configuration.maximumFrameBytes)
        reader = Task { await self.read(transport.receivedFrames, generation: opened, limits: limits) }
    }

    private func attemptFailed() {
        statistics.connectionFailures += 1
        guard case .connecting = state else { return }
        state = .idle
        failures += 1
        scheduleReconnection()
    }

    /// Reads the connection's frames until it ends, routing each to its subscription.
    private nonisolated func read(_ frames: RelayFrameStream, generation opened: Int, limits: RelayMessageLimits) async {
        var ending: RelayTransportError = .disconnected("the relay closed the connection")
        do {
            for try await frame in frames {
                let message: RelayMessage
                do {
                    message = try RelayMessage(parsing: frame, limits: limits)
                } catch {
                    await dropFrame()
                    continue
                }
                let target: (id: String, ends: Bool)
                switch message {
                case .event(let id, _): target = (id, false)
                case .endOfStoredEvents(let id): target = (id, false)
                case .closed(let id, _): target = (id, true)
                case .notice, .ok, .unknown: continue
                }
                guard let stream = await destination(of: target.id, ending: target.ends) else { continue }
                _ = await stream.deliver(frame)
            }
        } catch let error as RelayTransportError {
            ending = error
        } catch {
            ending = .disconnected(String(describing: error))
        }
        await dropped(generation: opened, reason: ending)
    }

    /// The stream of subscription `id`; forgotten when the relay ended it (`CLOSED`).
    private func destination(of id: String, ending: Bool) -> RelayFrameStream? {
        guard let stream = subscriptions[id] else {
            statistics.framesDropped += 1
            return nil
        }
        if ending { forget(id) }
        return stream
    }

    private func dropFrame() {
        statistics.framesDropped += 1
    }

    /// The connection of `opened` ended: end its subscriptions and reconnect.
    private func dropped(generation opened: Int, reason: RelayTransportError) async {
        guard opened == generation, case .connected(let transport, let since) = state else { return }
        state = .idle
        statistics.disconnections += 1
        statistics.isConnected = false
        let ended = subscriptions
        subscriptions = [:]
        statistics.subscriptionsOpen = 0
        for stream in ended.values { stream.finish(throwing: reason) }
        if ContinuousClock.now - since < configuration.minimumHealthyDuration { failures += 1 }
        await transport.close()
        scheduleReconnection()
    }

    /// Reconnects in the background after the back-off for the failures so far.
    private func scheduleReconnection() {
        if case .closed = state { return }
        let delay = configuration.backoff(afterFailures: failures, jitter: Double.random(in: 0...1))
        retryAt = failures > 0 ? ContinuousClock.now + delay : nil
        reconnection?.cancel()
        reconnection = Task {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            _ = await self.connection()
        }
    }

    /// Closes the connection for good: open subscriptions end, no reconnection follows.
    func close() async {
        let previous = state
        state = .closed
        reconnection?.cancel()
        reader?.cancel()
        statistics.isConnected = false
        let ended = subscriptions
        subscriptions = [:]
        statistics.subscriptionsOpen = 0
        for stream in ended.values { stream.finish(throwing: RelayTransportError.notConnected) }
        switch previous {
        case .connected(let transport, _): await transport.close()
        case .connecting(let attempt): attempt.cancel()
        case .idle, .closed: break
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", SharedRelayConfiguration.seconds(duration))
    }
}

/// One relay's part in a fetch: connect, subscribe, read frames, screen events and report to the
/// coordinator, until `EOSE`, `CLOSED`, a failure or cancellation. The connection is always closed.
struct RelayWorker: Sendable {
    let index: Int
    let transport: any RelayTransport
    let subscriptionID: SubscriptionID
    let filter: ProfileFilter
    let screen: ProfileEventScreen
    let limits: RelayMessageLimits
    let coordinator: ProfileFetchCoordinator

    func run() async {
        let outcome = await exchange()
        await coordinator.relay(index, finished: outcome)
        await transport.close()
    }

    private func exchange() async -> RelayOutcome {
        do throws(RelayTransportError) {
            try await transport.connect()
            try await transport.send(ClientMessage.request(subscriptionID, filter: filter).text)
        } catch {
            return error == .cancelled || Task.isCancelled ? .cancelled : .failed(error)
        }
        await coordinator.relayConnected(index)
        do {
            for try await frame in transport.receivedFrames {
                if let outcome = await handle(frame) {
                    if case .endOfStoredEvents = outcome {
                        // Be polite: end the subscription before the connection closes.
                        try? await transport.send(ClientMessage.close(subscriptionID).text)
                    }
                    return outcome
                }
            }
            return Task.isCancelled ? .cancelled : .failed(.disconnected("the connection closed before EOSE"))
        } catch is CancellationError {
            return .cancelled
        } catch let error as RelayTransportError {
            return .failed(error)
        } catch {
            return .failed(.disconnected(String(describing: error)))
        }
    }

    /// Handles one frame; returns the relay's outcome when the frame ends its part.
    private func handle(_ frame: String) async -> RelayOutcome? {
        let message: RelayMessage
        do {
            message = try RelayMessage(parsing: frame, limits: limits)
        } catch {
            let wasEvent: Bool
            if case .invalidEvent = error { wasEvent = true } else { wasEvent = false }
            await coordinator.relay(index, dropped: .malformedFrame(error.description), wasEvent: wasEvent)
            return nil
        }
        switch message {
        case .event(let subscription, let event):
            if let reason = screen.reasonToDrop(event, receivedFor: subscription) {
                await coordinator.relay(index, dropped: reason, wasEvent: true)
            } else {
                await coordinator.relay(index, offered: event)
            }
        case .endOfStoredEvents(let subscription) where subscription == subscriptionID.rawValue:
            return .endOfStoredEvents
        case .closed(let subscription, let reason) where subscription == subscriptionID.rawValue:
            return .closed(reason: reason)
        case .notice(let text):
            await coordinator.relay(index, noticed: text)
        case .endOfStoredEvents, .closed, .ok, .unknown:
            break
        }
        return nil
    }
}

@available(iOS 16.0, *)
extension ProfileFetchCoordinator {
    /// One relay's part in the fetch: connect, subscribe, read frames and judge each, until `EOSE`,
    /// `CLOSED`, a failure or cancellation. The connection is always closed.
    ///
    /// The exchange runs on the coordinator, but waits for the network off it, so relays are read
    /// concurrently while every decision stays in one place.
    func run(relayAt index: Int, over transport: any RelayTransport) async {
        let outcome = await exchange(relayAt: index, over: transport)
        relay(index, finished: outcome)
        await transport.close()
    }

    private func exchange(relayAt index: Int, over transport: any RelayTransport) async -> RelayOutcome {
        do throws(RelayTransportError) {
            try await transport.connect()
            try await transport.send(ClientMessage.request(subscriptionID, filter: filter).text)
        } catch {
            return error == .cancelled || Task.isCancelled ? .cancelled : .failed(error)
        }
        relayConnected(index)
        do {
            for try await frame in transport.receivedFrames {
                if let outcome = handle(frame, fromRelayAt: index) {
                    if case .endOfStoredEvents = outcome {
                        // Be polite: end the subscription before the connection closes.
                        try? await transport.send(ClientMessage.close(subscriptionID).text)
                    }
                    return outcome
                }
            }
            // The stream ended cleanly and not at our request: the relay closed the connection.
            return Task.isCancelled ? .cancelled : .failed(.closedByRelay(code: nil, reason: nil))
        } catch is CancellationError {
            return .cancelled
        } catch let error as RelayTransportError {
            return .failed(error)
        } catch {
            return .failed(.disconnected(String(describing: error)))
        }
    }

    /// Handles one frame; returns the relay's outcome when the frame ends its part.
    private func handle(_ frame: String, fromRelayAt index: Int) -> RelayOutcome? {
        let message: RelayMessage
        do {
            message = try RelayMessage(parsing: frame, limits: messageLimits)
        } catch {
            relay(index, sentUnreadable: error)
            return nil
        }
        switch message {
        case .event(let subscription, let event):
            relay(index, sent: event, for: subscription)
        case .endOfStoredEvents(let subscription) where subscription == subscriptionID.rawValue:
            return .endOfStoredEvents
        case .closed(let subscription, let reason) where subscription == subscriptionID.rawValue:
            return .closed(reason: reason)
        case .notice(let text):
            relay(index, noticed: text)
        case .endOfStoredEvents, .closed, .ok, .unknown:
            break
        }
        return nil
    }
}

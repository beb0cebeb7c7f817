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
        // A given relay is also asked for the author's relay list, in a subscription of its own;
        // the relay has answered when both subscriptions have ended.
        var progress = ExchangeProgress(awaitingRelayList: asksForRelayList(index))
        do {
            try await transport.connect()
            try await transport.send(ClientMessage.request(subscriptionID, filter: filter).text)
        } catch {
            let error = RelayTransportError(error)
            return error == .cancelled || Task.isCancelled ? .cancelled : .failed(error)
        }
        if progress.awaitingRelayList {
            do {
                try await transport.send(ClientMessage.relayListRequest(relayListSubscriptionID, filter: filter))
            } catch {
                // The relay still answers for the profile; a broken connection shows in the frames.
                progress = ExchangeProgress(awaitingRelayList: false)
            }
        }
        relayConnected(index)
        do {
            for try await frame in transport.receivedFrames {
                if let outcome = handle(frame, fromRelayAt: index, progress: &progress) {
                    if case .endOfStoredEvents = outcome {
                        // Be polite: end the subscriptions before the connection closes.
                        try? await transport.send(ClientMessage.close(subscriptionID).text)
                        if progress.askedForRelayList { try? await transport.send(ClientMessage.close(relayListSubscriptionID).text) }
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

    /// Where one relay's subscriptions stand.
    private struct ExchangeProgress {
        let askedForRelayList: Bool
        var awaitingRelayList: Bool
        var profileOutcome: RelayOutcome?

        init(awaitingRelayList: Bool) {
            askedForRelayList = awaitingRelayList
            self.awaitingRelayList = awaitingRelayList
        }

        /// The relay's outcome once nothing more is awaited from it.
        var outcome: RelayOutcome? { awaitingRelayList ? nil : profileOutcome }
    }

    /// Handles one frame; returns the relay's outcome when the frame ends its part.
    private func handle(_ frame: String, fromRelayAt index: Int, progress: inout ExchangeProgress) -> RelayOutcome? {
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
            progress.profileOutcome = .endOfStoredEvents
            return progress.outcome
        case .closed(let subscription, let reason) where subscription == subscriptionID.rawValue:
            // Without the profile subscription the relay has no answer to give.
            return .closed(reason: reason)
        case .endOfStoredEvents(let subscription) where subscription == relayListSubscriptionID.rawValue && progress.askedForRelayList,
             .closed(let subscription, _) where subscription == relayListSubscriptionID.rawValue && progress.askedForRelayList:
            // A relay that will not give the relay list still answers for the profile.
            progress.awaitingRelayList = false
            return progress.outcome
        case .notice(let text):
            relay(index, noticed: text)
        case .endOfStoredEvents, .closed, .ok, .unknown:
            break
        }
        return nil
    }
}

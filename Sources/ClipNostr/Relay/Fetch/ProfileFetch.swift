/// A running profile fetch: an asynchronous sequence of ever better results, ending with a final
/// update (`ProfileFetchUpdate.isFinal`).
///
/// The fetch starts when the sequence is iterated and is iterated once. Breaking out of the loop
/// or cancelling the iterating task stops it and closes every connection.
@available(iOS 16.0, *)
public final class ProfileFetch: AsyncSequence, Sendable {
    /// Each element is one step of the fetch.
    public typealias Element = ProfileFetchUpdate

    let fetcher: ProfileFetcher
    let filter: ProfileFilter
    /// The relays asked, after removing repeats and applying the cap.
    public let relays: [RelayURL]
    /// The signed profile the link carried, verified before any relay is asked; `nil` when none.
    let embedded: EmbeddedProfileSeed?

    init(fetcher: ProfileFetcher, filter: ProfileFilter, relays: [RelayURL], embedded: EmbeddedProfileSeed? = nil) {
        self.fetcher = fetcher
        self.filter = filter
        self.relays = relays
        self.embedded = embedded
    }

    /// The iterator that drives the fetch.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var updates: AsyncStream<ProfileFetchUpdate>.AsyncIterator
        let driver: Task<Void, Never>

        /// The next update, or `nil` after the final one.
        public mutating func next() async -> ProfileFetchUpdate? {
            let update = await updates.next()
            if update == nil { driver.cancel() }
            return update
        }
    }

    /// Starts the fetch.
    public func makeAsyncIterator() -> AsyncIterator {
        let (updates, continuation) = AsyncStream<ProfileFetchUpdate>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let driver = Task { await run(reportingTo: continuation) }
        continuation.onTermination = { _ in driver.cancel() }
        return AsyncIterator(updates: updates.makeAsyncIterator(), driver: driver)
    }

    /// Runs the fetch to the end and returns the final update.
    public func finalUpdate() async -> ProfileFetchUpdate? {
        var last: ProfileFetchUpdate?
        for await update in self { last = update }
        return last
    }

    private func run(reportingTo updates: AsyncStream<ProfileFetchUpdate>.Continuation) async {
        let configuration = fetcher.configuration
        let start = ContinuousClock.now
        let (firstProfile, firstProfileSignal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let (writeRelays, writeRelayLaunches) = AsyncStream<(index: Int, relay: RelayURL)>.makeStream()
        let coordinator = ProfileFetchCoordinator(
            fetcher: fetcher, filter: filter, relays: relays, start: start, updates: updates, firstProfileSignal: firstProfileSignal,
            writeRelayLaunches: writeRelayLaunches
        )
        if let embedded { await coordinator.seed(with: embedded) }
        if await coordinator.hasNoRelays {
            await coordinator.end(.allRelaysFinished)
            return
        }
        let writeRelayFactory = fetcher.writeRelayTransportFactory ?? fetcher.transportFactory
        await withTaskGroup(of: Void.self) { group in
            for (index, relay) in relays.enumerated() {
                let transport = fetcher.transportFactory.makeTransport(to: relay, maximumFrameBytes: configuration.maximumFrameBytes)
                group.addTask { await coordinator.run(relayAt: index, over: transport) }
            }
            group.addTask {
                // The author's write relays, as the coordinator decides to ask them.
                await withTaskGroup(of: Void.self) { writeRelayGroup in
                    for await launch in writeRelays {
                        let transport = writeRelayFactory.makeTransport(to: launch.relay, maximumFrameBytes: configuration.maximumFrameBytes)
                        writeRelayGroup.addTask { await coordinator.run(relayAt: launch.index, over: transport) }
                    }
                }
            }
            group.addTask {
                try? await Task.sleep(until: start + configuration.timeout, clock: .continuous)
                if !Task.isCancelled { await coordinator.end(.deadlinePassed) }
            }
            group.addTask {
                for await _ in firstProfile {
                    try? await Task.sleep(for: configuration.graceWindow)
                    if !Task.isCancelled { await coordinator.graceWindowPassed() }
                    break
                }
            }
            while await group.next() != nil {
                if await coordinator.ending != nil || Task.isCancelled { group.cancelAll() }
            }
        }
        await coordinator.end(.cancelled)
    }
}

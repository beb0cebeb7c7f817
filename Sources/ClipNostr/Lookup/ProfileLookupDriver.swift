import Foundation

/// Runs one ``ProfileLookup``: a single loop over what its parts report (the name's resolution, the
/// fetch's updates, the `nip05` checks, the deadline), so the order of steps and the one outcome
/// are decided in one place.
@available(iOS 16.0, macOS 13.0, *)
struct ProfileLookupDriver<LookupClock: Clock<Duration>>: Sendable {
    let lookup: ProfileLookup
    let clock: LookupClock
    let output: AsyncStream<ProfileLookupStep>.Continuation

    /// What the parts report to the loop.
    private enum Event: Sendable {
        case resolved(Result<NIP05Identity, NIP05Error>)
        case fetch(ProfileFetchUpdate)
        case fetchEnded
        case checked(claim: String, NIP05Verification)
        case deadline
    }

    /// Where the loop stands.
    private struct State {
        var address: NIP05Address?
        /// What the target's NIP-05 address resolved to, which verifies a profile claiming it.
        var resolved: NIP05Identity?
        var fetchStarted = false
        var fetchEnded = false
        var last: ProfileFetchUpdate?
        /// The `nip05` claim being checked for the profile shown, and the result for it.
        var claim: String?
        var verification: NIP05Verification?
        var checking = false
        /// The deadline passed while the fetch ran: its own timeout, set to the time left, ends it
        /// with every relay's final state, and the lookup ends with it.
        var deadlinePassed = false
    }

    func run(_ person: ProfileLookupPerson, linkFragment: String?) async {
        let end = clock.now.advanced(by: lookup.deadline)
        let (events, sink) = AsyncStream<Event>.makeStream(bufferingPolicy: .unbounded)
        await withTaskGroup(of: Void.self) { group in
            defer {
                group.cancelAll()
                sink.finish()
            }
            group.addTask {
                // A cancelled sleep means the lookup is over anyway.
                if (try? await clock.sleep(until: end, tolerance: nil)) != nil { sink.yield(.deadline) }
            }
            var state = State()
            switch person {
            case .key(let target):
                guard startFetch(target, linkFragment: linkFragment, end: end, group: &group, sink: sink, state: &state) else { return }
            case .name(let address):
                state.address = address
                guard let verifier = lookup.nip05Verifier else {
                    output.yield(.finished(.absent(.namesNotLookedUp(address))))
                    return
                }
                group.addTask {
                    do throws(NIP05Error) {
                        sink.yield(.resolved(.success(try await verifier.resolve(address))))
                    } catch {
                        sink.yield(.resolved(.failure(error)))
                    }
                }
            }
            for await event in events {
                if Task.isCancelled {
                    output.yield(.finished(.unreachable(.cancelled)))
                    return
                }
                switch event {
                case .resolved(.success(let identity)):
                    state.resolved = identity
                    output.yield(.nameResolved(identity))
                    let target = ProfileTarget(publicKey: identity.publicKey, relayHints: identity.relayHints.map(\.string), route: nil)
                    guard startFetch(target, linkFragment: linkFragment, end: end, group: &group, sink: sink, state: &state) else { return }
                case .resolved(.failure(let error)):
                    if case .nameNotListed(let address, _) = error {
                        output.yield(.finished(.absent(.nameNotListed(address))))
                    } else {
                        output.yield(.finished(.unreachable(.nameLookupFailed(error))))
                    }
                    return
                case .fetch(let update):
                    state.last = update
                    output.yield(.fetch(update))
                    if case .newProfile = update.change, let found = update.profile {
                        check(found, group: &group, sink: sink, state: &state)
                    }
                case .fetchEnded:
                    state.fetchEnded = true
                    if !state.checking || state.deadlinePassed {
                        output.yield(.finished(outcome(state)))
                        return
                    }
                case .checked(let claim, let result):
                    guard claim == state.claim else { continue }
                    state.checking = false
                    state.verification = result
                    output.yield(.nip05Checked(result))
                    if state.fetchEnded {
                        output.yield(.finished(outcome(state)))
                        return
                    }
                case .deadline:
                    if !state.fetchStarted {
                        output.yield(.finished(.unreachable(.deadlinePassed)))
                        return
                    }
                    if state.fetchEnded {
                        output.yield(.finished(outcome(state)))
                        return
                    }
                    state.deadlinePassed = true
                }
            }
        }
    }

    /// Starts the relay fetch for `target` with the time left; `false` when it cannot start (the
    /// outcome is then reported).
    private func startFetch(
        _ target: ProfileTarget, linkFragment: String?, end: LookupClock.Instant, group: inout TaskGroup<Void>,
        sink: AsyncStream<Event>.Continuation, state: inout State
    ) -> Bool {
        let hinted = lookup.followsRelayHints ? target.relayHints.compactMap { try? RelayURL($0) } : []
        let relays = RelaySelection.deduplicated(hinted + lookup.relays)
        guard !relays.isEmpty else {
            output.yield(.finished(.unreachable(.noRelays)))
            return false
        }
        var fetcher = lookup.fetcher
        let left = clock.now.duration(to: end)
        fetcher.configuration.timeout = max(.zero, min(fetcher.configuration.timeout, left))
        let fetch: ProfileFetch
        do {
            fetch = try fetcher.fetchProfile(of: target.publicKey, from: relays, embeddedIn: linkFragment)
        } catch {
            // ProfileTarget checked the key already; a key the filter refuses has no profile.
            output.yield(.finished(.unreachable(.noRelays)))
            return false
        }
        state.fetchStarted = true
        output.yield(.fetchStarted(publicKey: target.publicKey, relays: fetch.relays))
        group.addTask {
            for await update in fetch { sink.yield(.fetch(update)) }
            sink.yield(.fetchEnded)
        }
        return true
    }

    /// Starts checking the `nip05` field of `found` when it differs from the claim checked so far.
    private func check(_ found: FetchedProfile, group: inout TaskGroup<Void>, sink: AsyncStream<Event>.Continuation, state: inout State) {
        guard let verifier = lookup.nip05Verifier, let claim = found.profile.nip05 else {
            state.claim = nil
            state.verification = nil
            state.checking = false
            return
        }
        guard claim != state.claim else { return }
        state.claim = claim
        let key = found.event.pubkey
        // The address the lookup resolved to this very key needs no second request.
        if let resolved = state.resolved, resolved.publicKey == key.lowercased(),
           let address = try? NIP05Address(claim.contains("@") ? claim : "_@" + claim), address.identifier == resolved.address.identifier {
            state.verification = .verified(resolved)
            state.checking = false
            output.yield(.nip05Checked(.verified(resolved)))
            return
        }
        state.verification = nil
        state.checking = true
        group.addTask {
            sink.yield(.checked(claim: claim, await verifier.verify(claim, publicKey: key)))
        }
    }

    /// The outcome from the newest fetch update and the check of the profile it shows.
    private func outcome(_ state: State) -> ProfileLookupOutcome {
        guard let update = state.last else { return .unreachable(.noRelayAnswered) }
        if let found = update.profile {
            let verification = found.profile.nip05 == state.claim ? state.verification : nil
            return .found(found, nip05: verification)
        }
        let answered = update.relaysAnswered
        if answered > 0 { return .absent(.notFound(relaysAnswered: answered)) }
        return .unreachable(.noRelayAnswered)
    }
}

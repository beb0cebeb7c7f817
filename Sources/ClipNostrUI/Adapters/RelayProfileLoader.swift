import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Foundation

/// Loads a driver's profile with ClipNostr's ``/ClipNostr/ProfileLookup`` on a
/// ``/ClipNostr/ProfileFetcher``: the real implementation of ``DriverProfileLoading`` in the clip, and in
/// `clipkit simulate`.
///
/// The npub is decoded with NIP-19 (an `nprofile`'s relay hints are asked first, and the driver's
/// write relays when their relay list leads there: see ``/ClipNostr/ProfileFetcher``); every improving
/// verified profile the fetcher reports becomes a ``DriverProfileUpdate/profile(_:)``, and each relay's
/// outcome a ``DriverProfileUpdate/relayAnswered(relay:foundProfile:)`` or
/// ``DriverProfileUpdate/relayFailed(relay:reason:)``. When the model stops reading, the fetcher's
/// fetch is cancelled and its connections close.
@available(iOS 16.0, *)
public struct RelayProfileLoader: DriverProfileLoading {
    /// The fetcher that fetches and verifies.
    public let fetcher: ProfileFetcher
    /// The relays asked for every driver.
    public let relays: [RelayURL]

    /// Creates a loader that asks `relays` through `fetcher`.
    public init(fetcher: ProfileFetcher = ProfileFetcher(), relays: [RelayURL]) {
        self.fetcher = fetcher
        self.relays = relays
    }

    /// Creates a loader that asks the manifest's `nostr.relays`.
    ///
    /// - Throws: ``RelayProfileLoaderError`` when the manifest lists no relays or one that
    ///   ClipNostr would not connect to.
    public init(fetcher: ProfileFetcher = ProfileFetcher(), manifest: ClipManifest) throws {
        guard let listed = manifest.nostr?.relays, !listed.isEmpty else { throw RelayProfileLoaderError.noRelays }
        var relays: [RelayURL] = []
        for text in listed {
            do {
                relays.append(try RelayURL(checking: text))
            } catch {
                throw RelayProfileLoaderError.invalidRelay(text, reason: error.description)
            }
        }
        self.init(fetcher: fetcher, relays: relays)
    }

    /// Starts fetching the profile of the driver whose key is `npub`.
    public func loadProfile(ofDriver npub: String) throws -> DriverProfileLoad {
        try loadProfile(ofDriver: npub, linkFragment: nil)
    }

    /// Starts fetching the profile of the driver whose key is `npub`, starting from the signed
    /// profile in the share link's fragment: verified with the fetcher's verifier and yielded before
    /// any relay answers (see ``/ClipNostr/ProfileFetcher/fetchProfile(of:from:embeddedIn:)``).
    public func loadProfile(ofDriver npub: String, linkFragment: String?) throws -> DriverProfileLoad {
        let person: NIP19Entity.Person
        do {
            person = try NIP19.decode(npub).personReference().get()
        } catch let error as NIP19Error {
            throw DriverProfileLoadingError(error)
        } catch {
            throw DriverProfileLoadingError.invalidKey(String(describing: error))
        }
        var hinted: [RelayURL] = []
        for hint in person.relays {
            if let relay = try? RelayURL(hint) { hinted.append(relay) }
        }
        // ClipNostr's one lookup, as the server and the command line run it: the hints first,
        // then the clip's relays, and what counts as an answer decided there.
        let lookup = ProfileLookup(fetcher: fetcher, relays: relays, followsRelayHints: true)
        let run: ProfileLookupRun
        do {
            run = try lookup.start(npub, linkFragment: linkFragment)
        } catch {
            throw DriverProfileLoadingError.invalidKey((error as? any LocalizedError)?.errorDescription ?? String(describing: error))
        }
        let relayCount = min(RelaySelection.deduplicated(hinted + relays).count, max(0, fetcher.configuration.maximumRelays))
        let updates = AsyncStream<DriverProfileUpdate>(bufferingPolicy: .unbounded) { continuation in
            let task = Task {
                var finished: Set<Int> = []
                var reportedEmbedded = false
                for await step in run {
                    guard case .fetch(let update) = step else { continue }
                    if !reportedEmbedded, let outcome = update.embeddedProfile {
                        reportedEmbedded = true
                        if case .dropped(let reason) = outcome {
                            continuation.yield(.embeddedProfileDropped(reason: "\(reason.code): \(reason.description)"))
                        }
                    }
                    if case .newProfile = update.change, let found = update.profile {
                        let origin: DriverProfileOrigin = switch (found.origin, update.answeringRelay?.role) {
                        case (.link, _): .link
                        case (.relay, .writeRelay?): .writeRelay
                        case (.relay, _): .relay
                        }
                        continuation.yield(.profile(DriverProfile(
                            verifiedEvent: found.event, profile: found.profile, relay: found.relay?.string, origin: origin
                        )))
                    }
                    if case .relayProgress(let relay) = update.change, let report = update.relays.last(where: { $0.relay == relay }),
                       report.role != .given, report.state == .connecting {
                        continuation.yield(.writeRelayAsked(relay: relay.string))
                    }
                    for (index, report) in update.relays.enumerated() where !finished.contains(index) {
                        guard let outcome = report.state.outcome else { continue }
                        finished.insert(index)
                        continuation.yield(Self.update(for: report, outcome: outcome))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return DriverProfileLoad(
            pubkey: person.publicKey, relayCount: relayCount, updates: updates, timeout: fetcher.configuration.timeout
        )
    }

    private static func update(for report: RelayReport, outcome: RelayOutcome) -> DriverProfileUpdate {
        switch outcome {
        case .endOfStoredEvents:
            return .relayAnswered(relay: report.relay.string, foundProfile: report.eventsReceived > report.eventsDropped)
        case .closed, .failed, .timedOut, .cancelled:
            return .relayFailed(relay: report.relay.string, reason: outcome.description)
        }
    }
}

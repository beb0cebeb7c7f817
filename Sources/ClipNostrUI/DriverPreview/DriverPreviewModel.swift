import ClipKit
import ClipKitUI
@_spi(ClipKitTooling) import ClipNostr
import Foundation

/// The state machine behind a driver-share clip: fetch the driver's verified profile, show the
/// best one so far, and leave a ``DriverHandoff`` for the full app when the person taps "Get the app".
///
/// ```swift
/// let model = DriverPreviewModel(driver: npub, loader: relays, offering: handoffs, promotion: promotion)
/// await model.load()                        // returns when the fetch ends, fails or is cancelled
/// if model.allowsHandoff { let handoff = try await model.offerHandoff() }   // "Get the app"
/// ```
///
/// Rules:
/// - When the link carried the driver's signed profile (``linkFragment``) and it verifies, it is
///   the first preview, before any relay answers (``DriverProfile/origin`` is `link`); one that
///   does not verify is dropped (``embeddedProfileDropReason``) and the relays decide alone.
/// - Every verified profile that is newer than the one on screen replaces it while the fetch
///   goes on; an older one arriving later never does.
/// - The fetch ends when every relay has answered, when the deadline passes, when the task
///   calling ``load()`` is cancelled, on ``cancel()``, or when the person offers the handoff.
///   A profile already shown stays; without one the state becomes ``DriverPreviewState/failed(_:)``.
/// - The handoff can be offered from a preview (npub, the name shown, the profile's time) and
///   from a failure whose key is valid (the npub alone: the full app fetches the profile
///   itself). It cannot be offered while nothing has been shown or decided yet.
/// - Offering asks the install promotion for the overlay, as the person's own request.
/// - With a ``/ClipNostr/NIP05Verifier``, a profile's `nip05` field is checked after the profile
///   is shown (never before: the check has the verifier's own timeout and does not hold the
///   preview). Only when the domain lists the name with the driver's key does the profile on
///   screen gain ``DriverProfile/verifiedNIP05``; ``nip05Verification`` says how the check ended.
@available(iOS 16.0, *)
@MainActor
public final class DriverPreviewModel {
    /// The driver's key from the invocation URL, or the NIP-05 address (`name@domain`) it names them by.
    public let driverReference: String
    /// The npub a NIP-05 address in the invocation URL resolved to, through its domain's
    /// `nostr.json`; `nil` when the URL named the key itself or the address is not resolved yet.
    /// The handoff carries it in place of the address.
    public private(set) var resolvedNpub: String?
    /// The payload type name the handoff goes under: the route's `handoff` type in `clipkit.json`,
    /// or ``DriverHandoff/handoffTypeName``.
    public let handoffTypeName: String
    /// The invocation URL's fragment, which may carry the driver's signed profile; `nil` when none.
    public let linkFragment: String?
    /// Why the signed profile the link carried was not shown, when it was not; `nil` when it was
    /// shown or the link carried none.
    public private(set) var embeddedProfileDropReason: String?
    /// Where the preview stands; every change also reaches ``changes``.
    public private(set) var state: DriverPreviewState = .loading {
        didSet { if state != oldValue { changes.send(state) } }
    }
    /// The best verified profile so far, kept after the handoff is offered.
    public private(set) var profile: DriverProfile?
    /// The last failure to offer the handoff, for an alert; cleared by the next offer.
    public private(set) var offerFailure: HandoffError?
    /// How many relays answered, failed, and were asked in the last fetch.
    public private(set) var relayTally = RelayTally()
    /// Every state change, in order.
    public let changes = StateBroadcast<DriverPreviewState>()
    /// How the last NIP-05 check of the profile on screen ended; `nil` while none has ended, or
    /// when there is no verifier or the profile has no `nip05` field.
    public private(set) var nip05Verification: NIP05Verification?

    private let loader: any DriverProfileLoading
    private let offering: any DriverHandoffOffering
    private let promotion: InstallPromotionController?
    private let deadline: Duration
    private let clock: any Clock<Duration>
    private var fetch: Task<Void, Never>?
    private var fetchGeneration = 0
    private var loaderTimeout: Duration?
    private var isOffering = false
    private let nip05Verifier: NIP05Verifier?
    private var nip05Check: (claim: String, task: Task<Void, Never>)?
    private var nip05Results: [String: NIP05Verification] = [:]

    /// The default time to wait for relays: eight seconds.
    public static let defaultDeadline: Duration = .seconds(8)

    /// Creates a preview model for one invocation.
    ///
    /// - Parameters:
    ///   - driver: The driver's key from the invocation URL: an npub, or another form the route's kind
    ///     accepts. A NIP-05 address (`maria@roadflare.app`) is looked up with `nip05Verifier` first.
    ///   - loader: Fetches verified profiles (ClipNostr's profile fetcher in the clip).
    ///   - offering: Leaves the handoff for the full app (ClipKit's handoff store).
    ///   - promotion: Shows the App Store overlay after the person's task, if the clip has one.
    ///   - deadline: How long to wait for relays before giving up on them.
    ///   - clock: The clock the deadline runs on; tests pass one they control.
    ///   - linkFragment: The invocation URL's fragment (``/ClipKit/RouteMatch/fragment``), which may
    ///     carry the driver's signed profile; it is shown first once it verifies.
    ///   - handoffTypeName: The payload type name the handoff goes under.
    ///   - nip05Verifier: Checks the `nip05` field of the profile shown; `nil` shows none as verified.
    public init(
        driver: String, loader: any DriverProfileLoading, offering: any DriverHandoffOffering,
        promotion: InstallPromotionController? = nil, deadline: Duration = DriverPreviewModel.defaultDeadline,
        clock: any Clock<Duration> = ContinuousClock(), linkFragment: String? = nil,
        handoffTypeName: String = DriverHandoff.handoffTypeName, nip05Verifier: NIP05Verifier? = nil
    ) {
        self.nip05Verifier = nip05Verifier
        self.driverReference = driver
        self.handoffTypeName = handoffTypeName
        self.linkFragment = linkFragment
        self.loader = loader
        self.offering = offering
        self.promotion = promotion
        self.deadline = deadline
        self.clock = clock
    }

    /// A stream of the current state and every later one, for tools such as `clipkit simulate`.
    public func stateUpdates() -> AsyncStream<DriverPreviewState> {
        changes.values(startingWith: state)
    }

    /// Whether "Get the app" can offer the handoff now.
    public var allowsHandoff: Bool {
        switch state {
        case .loading: return false
        case .preview, .offered: return true
        case .failed(let failure): return failure.allowsHandoff
        }
    }

    /// An nprofile with the domain's relay hints, or the npub when it lists none (or too many).
    private static func profileReference(publicKey: String, relays: [String]) -> String {
        if !relays.isEmpty, let profile = try? NIP19.encodeProfile(publicKey: publicKey, relays: relays) { return profile }
        return (try? NIP19.encodePublicKey(publicKey)) ?? publicKey
    }

    /// Looks the link's NIP-05 address up; on failure the state says why and `nil` is returned.
    private func resolve(_ address: NIP05Address) async -> NIP05Identity? {
        guard let verifier = nip05Verifier else {
            state = .failed(.invalidDriverLink("\(address) is a NIP-05 address, and this clip does not look names up; share the driver's npub"))
            return nil
        }
        do {
            let identity = try await verifier.resolve(address)
            resolvedNpub = try? NIP19.encodePublicKey(identity.publicKey)
            return identity
        } catch {
            state = .failed(.invalidDriverLink("\(address) could not be looked up: \(error.description)"))
            return nil
        }
    }

    /// Whether the fetch is still running.
    public var isFetching: Bool { fetch != nil }

    /// Fetches the driver's profile and returns when the fetch ends.
    ///
    /// Call it from the view's `.task`, so that the fetch stops when the view goes away. A
    /// second call while a fetch runs cancels the first; after the handoff was offered it does
    /// nothing.
    public func load() async {
        if case .offered = state { return }
        fetch?.cancel()
        state = .loading
        profile = nil
        offerFailure = nil
        embeddedProfileDropReason = nil
        nip05Check?.task.cancel()
        nip05Check = nil
        nip05Verification = nil
        var driverKey = driverReference
        if let address = try? ProfileTarget.nip05Address(in: driverReference) {
            // A link that names the driver by a NIP-05 address: its domain gives the key and the
            // relays to ask, within the verifier's own timeout.
            guard let identity = await resolve(address) else { return }
            driverKey = Self.profileReference(publicKey: identity.publicKey, relays: identity.relayHints.map(\.string))
        }
        let started: DriverProfileLoad
        do {
            started = try loader.loadProfile(ofDriver: driverKey, linkFragment: linkFragment)
        } catch {
            if case .invalidKey(let reason)? = error as? DriverProfileLoadingError {
                state = .failed(.invalidDriverLink(reason))
            } else {
                state = .failed(.invalidDriverLink((error as? any LocalizedError)?.errorDescription ?? "\(error)"))
            }
            return
        }
        relayTally = RelayTally(asked: started.relayCount)
        loaderTimeout = started.timeout
        fetchGeneration += 1
        let generation = fetchGeneration
        let task = Task { await self.run(started, generation: generation) }
        fetch = task
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Asks the relays again after a failure that allows it; otherwise does nothing.
    public func retry() async {
        guard case .failed(let failure) = state, failure.allowsRetry else { return }
        await load()
    }

    /// Stops the fetch; a profile on screen stays, otherwise the state becomes `failed(.stopped)`.
    public func cancel() {
        fetch?.cancel()
        nip05Check?.task.cancel()
    }

    /// Waits until the NIP-05 check of the profile on screen ends (at most the verifier's
    /// timeout); returns at once when none runs. For tools such as `clipkit simulate`, and tests.
    @_spi(ClipKitTooling) public func nip05CheckFinished() async {
        while let running = nip05Check {
            await running.task.value
            if nip05Check?.task == running.task { nip05Check = nil }
        }
    }

    /// Offers the handoff for the full app: the person tapped "Get the app".
    ///
    /// Stops the fetch, writes the handoff, moves to ``DriverPreviewState/offered(_:)`` and asks
    /// the install promotion for the overlay. When writing fails the state stays as it was and
    /// ``offerFailure`` says why.
    ///
    /// - Returns: The handoff that was offered.
    /// - Throws: ``DriverHandoffOfferError``.
    @discardableResult
    public func offerHandoff() async throws -> DriverHandoff {
        guard allowsHandoff else { throw DriverHandoffOfferError.notAvailable(state) }
        guard !isOffering else { throw DriverHandoffOfferError.alreadyOffering }
        isOffering = true
        defer { isOffering = false }
        let handoff = DriverHandoff(
            npub: resolvedNpub ?? driverReference, displayName: profile?.readableName,
            profileCreatedAt: profile.map { Int($0.createdAt.timeIntervalSince1970.rounded(.down)) }
        )
        offerFailure = nil
        do {
            try await offering.offerDriverHandoff(handoff, as: handoffTypeName)
        } catch {
            let failure = HandoffError(error)
            offerFailure = failure
            throw DriverHandoffOfferError.notSaved(failure)
        }
        fetch?.cancel()
        state = .offered(handoff)
        promotion?.recordTaskCompleted()
        promotion?.request(.personAsked)
        return handoff
    }

    // MARK: - Fetching

    private enum FetchEnd: Sendable { case relaysDone, deadlinePassed, cancelled }

    private func run(_ started: DriverProfileLoad, generation: Int) async {
        let deadline = self.deadline
        let clock = self.clock
        let end = await withTaskGroup(of: FetchEnd.self) { group in
            group.addTask {
                await self.consume(started, generation: generation)
            }
            group.addTask {
                do {
                    try await clock.sleep(for: deadline)
                    return .deadlinePassed
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
        guard generation == fetchGeneration else { return }
        finish(end)
    }

    private func consume(_ started: DriverProfileLoad, generation: Int) async -> FetchEnd {
        for await update in started.updates {
            guard generation == fetchGeneration else { break }
            receive(update, expecting: started.pubkey)
        }
        return Task.isCancelled ? .cancelled : .relaysDone
    }

    private func receive(_ update: DriverProfileUpdate, expecting pubkey: String) {
        switch update {
        case .profile(let candidate):
            guard candidate.pubkey == pubkey else { return }
            if let current = profile, !candidate.supersedes(current) { return }
            let shown = checkNIP05(of: candidate)
            profile = shown
            if case .offered = state { return }
            state = .preview(shown, isUpdating: true)
            promotion?.recordContentShown()
        case .relayAnswered:
            relayTally.answered += 1
        case .relayFailed:
            relayTally.failed += 1
        case .embeddedProfileDropped(let reason):
            embeddedProfileDropReason = reason
        case .writeRelayAsked:
            relayTally.asked += 1
        }
    }

    // MARK: - NIP-05

    /// `candidate` as it can be shown now (verified at once when its claim already was), and a
    /// check of its claim started when none has run.
    private func checkNIP05(of candidate: DriverProfile) -> DriverProfile {
        guard let verifier = nip05Verifier, let claim = candidate.nip05 else {
            nip05Check?.task.cancel()
            nip05Check = nil
            nip05Verification = nil
            return candidate
        }
        if let known = nip05Results[claim] {
            nip05Verification = known
            return known.identity.map { candidate.withVerifiedNIP05($0.address.description) } ?? candidate
        }
        if nip05Check?.claim == claim { return candidate }
        nip05Check?.task.cancel()
        nip05Verification = nil
        let pubkey = candidate.pubkey
        let task = Task { [weak self] in
            let result = await verifier.verify(claim, publicKey: pubkey)
            self?.apply(result, claim: claim)
        }
        nip05Check = (claim, task)
        return candidate
    }

    private func apply(_ result: NIP05Verification, claim: String) {
        guard nip05Check?.claim == claim else { return }
        nip05Check = nil
        if case .failed(.timedOut) = result {} else { nip05Results[claim] = result }
        nip05Verification = result
        guard let identity = result.identity, let current = profile, current.nip05 == claim,
              identity.publicKey == current.pubkey
        else { return }
        let shown = current.withVerifiedNIP05(identity.address.description)
        profile = shown
        if case .preview(_, let isUpdating) = state { state = .preview(shown, isUpdating: isUpdating) }
    }

    private func finish(_ end: FetchEnd) {
        fetch = nil
        if case .offered = state { return }
        if let profile {
            state = .preview(profile, isUpdating: false)
            return
        }
        switch end {
        case .cancelled:
            state = .failed(.stopped)
        case .relaysDone, .deadlinePassed:
            switch ProfileAbsence(relaysAnswered: relayTally.answered) {
            case .notFound:
                state = .failed(.profileNotFound(relaysAnswered: relayTally.answered))
            case .noRelayAnswered:
                let waited = min(deadline, loaderTimeout ?? deadline)
                state = .failed(.noRelayAnswered(relays: relayTally.asked, waitedSeconds: Int(waited.components.seconds)))
            }
        }
    }
}

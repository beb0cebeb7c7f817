import ClipKit
import Foundation

/// The one way ClipKit looks a person up: from what a link or a person names (an npub, nprofile,
/// nevent, naddr, NIP-05 address or share URL) to their verified profile, within one deadline.
///
/// ```swift
/// let lookup = ProfileLookup(fetcher: ProfileFetcher(), relays: relays, nip05Verifier: NIP05Verifier())
/// for await step in try lookup.start("maria@roadflare.app") {
///     if case .fetch(let update) = step, let found = update.profile { show(found.profile) }
///     if case .finished(let outcome) = step { record(outcome.reasonCode) }
/// }
/// ```
///
/// The steps, each reported as it happens (``ProfileLookupStep``):
/// 1. A NIP-05 address is resolved at its domain (with the verifier's cap and timeout); its
///    document's relays for the key become relay hints.
/// 2. The relays are asked: the target's hints (when ``followsRelayHints``), then ``relays``, with
///    the author's relay list and, within the fetcher's bounds, their write relays (``ProfileFetcher``).
///    Every verified profile that is newer than the last is reported at once.
/// 3. The profile's own `nip05` field is checked as soon as a profile is in hand, beside the rest
///    of the fetch, not after it.
/// 4. The lookup ends with one ``ProfileLookupOutcome``: found (with how its `nip05` check ended),
///    absent with the reason, or unreachable with each relay's report.
///
/// All of it runs within ``deadline``, from the start: the name lookup takes its time out of the
/// fetch's, and a `nip05` check still running at the deadline leaves the profile found without a
/// verified name. Cancelling the task that iterates stops everything and closes every connection.
///
/// What counts as an answer is decided here once, for the clip, the server and the command line:
/// a relay answered when it sent `EOSE` (`RelayOutcome.answered`). `CLOSED` is a refusal of the
/// subscription (authentication required, rate limits, a policy), so it says nothing about
/// whether the profile exists, and counts as no answer.
@available(iOS 16.0, macOS 13.0, *)
public struct ProfileLookup: Sendable {
    /// Fetches and verifies; its configuration's timeout is also the default ``deadline``.
    public var fetcher: ProfileFetcher
    /// The relays asked for every person, after the target's own hints.
    public var relays: [RelayURL]
    /// Resolves NIP-05 addresses and checks profiles' `nip05` fields; `nil` does neither: a NIP-05
    /// target then ends ``ProfileLookupAbsence/namesNotLookedUp(_:)``, and no name is verified.
    public var nip05Verifier: NIP05Verifier?
    /// Whether the relays an nprofile, nevent or naddr names, and those a NIP-05 document lists,
    /// are asked. A server sets it off: a link's hints would let anyone point it at any relay.
    public var followsRelayHints: Bool
    /// The whole lookup's deadline: name resolution, fetch and the `nip05` check together.
    public var deadline: Duration

    /// Creates a lookup.
    ///
    /// - Parameters:
    ///   - fetcher: Fetches and verifies profiles.
    ///   - relays: The relays asked for every person.
    ///   - nip05Verifier: Resolves NIP-05 targets and checks profiles' `nip05`; `nil` for neither.
    ///   - followsRelayHints: Whether a target's relay hints are asked too.
    ///   - deadline: The deadline of the whole lookup; the fetcher's timeout when `nil`.
    public init(
        fetcher: ProfileFetcher = ProfileFetcher(), relays: [RelayURL], nip05Verifier: NIP05Verifier? = nil, followsRelayHints: Bool = true,
        deadline: Duration? = nil
    ) {
        self.fetcher = fetcher
        self.relays = relays
        self.nip05Verifier = nip05Verifier
        self.followsRelayHints = followsRelayHints
        self.deadline = deadline ?? fetcher.configuration.timeout
    }

    /// Starts looking up the person `target` names; iterate the result to drive it.
    ///
    /// - Parameters:
    ///   - target: An npub, nprofile, nevent with its author, naddr of kind 0, NIP-05 address
    ///     (`maria@roadflare.app`), or a share URL that `router` maps to a person.
    ///   - router: The manifest's router, for share URLs.
    ///   - linkFragment: A share link's fragment, which may carry the person's signed profile: it is
    ///     verified and reported before any relay answers (``ProfileFetcher/fetchProfile(of:from:embeddedIn:)``).
    ///   - clock: The clock the deadline runs on.
    /// - Throws: `ProfileTargetError` when `target` names no person, or
    ///   `ProfileTargetNameLookupError` when it is a malformed NIP-05 address. A well-formed
    ///   address is resolved during the lookup, and how that went is in its outcome.
    public func start(
        _ target: String, router: InvocationRouter? = nil, linkFragment: String? = nil,
        clock: some Clock<Duration> = ContinuousClock()
    ) throws -> ProfileLookupRun {
        let person = try Self.person(in: target, router: router)
        let lookup = self
        let (steps, continuation) = AsyncStream<ProfileLookupStep>.makeStream(bufferingPolicy: .unbounded)
        let task = Task {
            await ProfileLookupDriver(lookup: lookup, clock: clock, output: continuation).run(person, linkFragment: linkFragment)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return ProfileLookupRun(steps: steps)
    }

    /// Whom `target` names: a key (with its hints), or a NIP-05 address to resolve.
    static func person(in target: String, router: InvocationRouter?) throws -> ProfileLookupPerson {
        if let address = try ProfileTarget.nip05Address(in: target) { return .name(address) }
        do {
            return .key(try ProfileTarget(resolving: target, router: router))
        } catch {
            if case .needsNameLookup(let address) = error { return .name(address) }
            throw error
        }
    }
}

/// Whom a lookup is for, before any network work.
enum ProfileLookupPerson: Sendable {
    /// A key, with the hints that came with it.
    case key(ProfileTarget)
    /// A NIP-05 address, resolved during the lookup.
    case name(NIP05Address)
}

/// The steps of a ``ProfileLookup``, in order; the last is ``ProfileLookupStep/finished(_:)``.
@available(iOS 16.0, macOS 13.0, *)
public struct ProfileLookupRun: AsyncSequence, Sendable {
    /// One step.
    public typealias Element = ProfileLookupStep

    let steps: AsyncStream<ProfileLookupStep>

    /// The iterator; dropping it (or cancelling the iterating task) stops the lookup.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<ProfileLookupStep>.AsyncIterator

        /// The next step, or `nil` after the last.
        public mutating func next() async -> ProfileLookupStep? {
            await base.next()
        }
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: steps.makeAsyncIterator())
    }

    /// Runs the lookup to its end and returns the outcome.
    public func outcome() async -> ProfileLookupOutcome {
        await outcomeAndRelays().outcome
    }

    /// Runs the lookup to its end and returns the outcome with every relay's report from the
    /// fetch (empty when no relay was asked).
    @_spi(ClipKitTooling)
    public func outcomeAndRelays() async -> (outcome: ProfileLookupOutcome, relays: [RelayReport]) {
        var last: ProfileLookupOutcome = .unreachable(.cancelled)
        var relays: [RelayReport] = []
        for await step in self {
            switch step {
            case .fetch(let update): relays = update.relays
            case .finished(let outcome): last = outcome
            default: break
            }
        }
        return (last, relays)
    }
}

/// One step of a lookup.
@available(iOS 16.0, macOS 13.0, *)
public enum ProfileLookupStep: Sendable {
    /// The target's NIP-05 address resolved to a key (and relay hints) at its domain.
    case nameResolved(NIP05Identity)
    /// The relays are being asked for the profile of `publicKey` (hexadecimal): the target's hints
    /// when followed, then the lookup's relays, without repeats and within the fetcher's cap.
    case fetchStarted(publicKey: String, relays: [RelayURL])
    /// The relay fetch moved on: a newer profile, a relay list, a relay's progress.
    case fetch(ProfileFetchUpdate)
    /// The `nip05` field of the profile found was checked.
    case nip05Checked(NIP05Verification)
    /// The lookup is over; always the last step.
    case finished(ProfileLookupOutcome)
}

/// How a lookup ended: one classification shared by the clip, the server and the command line.
///
/// Each relay's part is in the last ``ProfileLookupStep/fetch(_:)`` update.
@available(iOS 16.0, macOS 13.0, *)
public enum ProfileLookupOutcome: Sendable {
    /// A verified profile; `nip05` is how its `nip05` check ended (`nil` when the profile has no
    /// such field, there is no verifier, or the check did not end within the deadline).
    case found(FetchedProfile, nip05: NIP05Verification?)
    /// The person has no profile to show, and why: a definite answer, worth remembering.
    case absent(ProfileLookupAbsence)
    /// Nothing could be learned: no relay answered, or the name could not be looked up.
    case unreachable(ProfileLookupFailure)

    /// The profile found, if any.
    public var profile: FetchedProfile? {
        if case .found(let profile, _) = self { return profile }
        return nil
    }

    /// A stable code: `found`, or the absence's or failure's code.
    public var reasonCode: String {
        switch self {
        case .found: return "found"
        case .absent(let absence): return absence.code
        case .unreachable(let failure): return failure.code
        }
    }

    /// The outcome for a person.
    public var description: String {
        switch self {
        case .found(let profile, _): return "found the profile of \(profile.event.pubkey)"
        case .absent(let absence): return absence.description
        case .unreachable(let failure): return failure.description
        }
    }
}

/// Why a lookup found no profile although it got an answer.
@available(iOS 16.0, macOS 13.0, *)
public enum ProfileLookupAbsence: Sendable, Equatable {
    /// At least one relay answered in full (`EOSE`), and no relay had a verified profile.
    case notFound(relaysAnswered: Int)
    /// The NIP-05 address's domain answered and lists no such name.
    case nameNotListed(NIP05Address)
    /// The target is a NIP-05 address and the lookup has no verifier to resolve it.
    case namesNotLookedUp(NIP05Address)

    /// `not-found`, `name-not-listed` or `names-not-looked-up`.
    public var code: String {
        switch self {
        case .notFound: return ProfileAbsence.notFound.rawValue
        case .nameNotListed: return "name-not-listed"
        case .namesNotLookedUp: return "names-not-looked-up"
        }
    }

    /// The absence for a person.
    public var description: String {
        switch self {
        case .notFound(let answered):
            return "no verified profile: \(answered) relay\(answered == 1 ? "" : "s") answered in full without one"
        case .nameNotListed(let address):
            return "\(address.domain) lists no name '\(address.localPart)'"
        case .namesNotLookedUp(let address):
            return "\(address.identifier) is a NIP-05 address, and this lookup does not resolve names"
        }
    }
}

/// Why a lookup learned nothing.
@available(iOS 16.0, macOS 13.0, *)
public enum ProfileLookupFailure: Sendable, Equatable {
    /// Every relay failed, refused the subscription (`CLOSED`) or ran out of time.
    case noRelayAnswered
    /// There was no relay to ask.
    case noRelays
    /// The NIP-05 address could not be resolved (a timeout, a refused connection, a bad document).
    case nameLookupFailed(NIP05Error)
    /// The deadline passed before the NIP-05 address was resolved.
    case deadlinePassed
    /// The lookup was cancelled.
    case cancelled

    /// A stable code: `no-relay-answered`, `no-relays`, the NIP-05 error's code, `timed-out` or `cancelled`.
    public var code: String {
        switch self {
        case .noRelayAnswered: return ProfileAbsence.noRelayAnswered.rawValue
        case .noRelays: return "no-relays"
        case .nameLookupFailed(let error): return error.code
        case .deadlinePassed: return "timed-out"
        case .cancelled: return "cancelled"
        }
    }

    /// The failure for a person.
    public var description: String {
        switch self {
        case .noRelayAnswered: return "no relay answered"
        case .noRelays: return "there was no relay to ask"
        case .nameLookupFailed(let error): return "the NIP-05 address could not be resolved: \(error.description)"
        case .deadlinePassed: return "the deadline passed before the NIP-05 address was resolved"
        case .cancelled: return "the lookup was cancelled"
        }
    }
}

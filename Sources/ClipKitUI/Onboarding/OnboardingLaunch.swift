import ClipKit

/// What the app found at launch: the entry it claimed (if any), the screen it opens and why.
public struct OnboardingLaunch<Destination: Sendable>: Sendable {
    /// The handoff entry claimed from the App Group, whatever its type; `nil` when there was none.
    public let claimed: HandoffEnvelope?
    /// The screen to open.
    public let destination: Destination
    /// What decided the screen: the launch link or the clip's handoff; `nil` for the standard screen.
    public let origin: PrefillOrigin?
    /// Why the app's runtime could not be built (no manifest in the bundle, no App Group); the
    /// launch then shows the standard screen, as after an eviction.
    @_spi(ClipKitTooling) public let setupProblem: ClipSetupError?
    /// The claimed handoff when it opened no screen, with the reason: no rule takes its type, the
    /// app's type cannot decode it (a payload an older clip wrote), or the launch link decided the
    /// screen. The claim is one-shot, so this is the app's only copy: keep it, show it or log it.
    public let unhandledHandoff: UnhandledHandoff?

    /// Creates a launch.
    public init(
        claimed: HandoffEnvelope?, destination: Destination, origin: PrefillOrigin?, setupProblem: ClipSetupError? = nil,
        unhandledHandoff: UnhandledHandoff? = nil
    ) {
        self.claimed = claimed
        self.destination = destination
        self.origin = origin
        self.setupProblem = setupProblem
        self.unhandledHandoff = unhandledHandoff
    }

    /// Whether a rule opened a screen of its own, from the link or from the handoff.
    @_spi(ClipKitTooling) public var opensOwnScreen: Bool { origin != nil }
}

/// A handoff the app claimed that opened no screen, given back with the reason so that it is never
/// lost silently.
///
/// The store hands an entry out once. When no ``OnboardingRule`` opens a screen for it, the launch
/// returns it here instead of dropping it, rather than leaving it in the App Group: an entry put
/// back would come back on every launch that cannot read it and could overwrite a newer note the
/// clip writes meanwhile. The app decides: migrate the payload, keep it for a later version, or log
/// the reason.
public struct UnhandledHandoff: Sendable, Equatable, CustomStringConvertible {
    /// The claimed entry, with its type name and payload JSON.
    public let envelope: HandoffEnvelope
    /// Why no screen opened for it, in a sentence.
    public let reason: String

    /// Creates the description of an unhandled handoff.
    public init(envelope: HandoffEnvelope, reason: String) {
        self.envelope = envelope
        self.reason = reason
    }

    /// The type and the reason, for a log line.
    public var description: String {
        "the '\(envelope.typeName)' handoff opened no screen: \(reason)"
    }
}

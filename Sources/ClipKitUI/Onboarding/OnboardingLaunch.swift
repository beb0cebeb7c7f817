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
    public let setupProblem: ClipSetupError?

    /// Creates a launch.
    public init(claimed: HandoffEnvelope?, destination: Destination, origin: PrefillOrigin?, setupProblem: ClipSetupError? = nil) {
        self.claimed = claimed
        self.destination = destination
        self.origin = origin
        self.setupProblem = setupProblem
    }

    /// Whether a rule opened a screen of its own, from the link or from the handoff.
    public var opensOwnScreen: Bool { origin != nil }
}

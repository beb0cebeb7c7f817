import ClipKit

/// What the app found at launch: the entry it claimed (if any) and the screen it opens.
public struct OnboardingLaunch: Sendable, Equatable {
    /// The handoff entry claimed from the App Group, whatever its type; `nil` when there was none.
    public let claimed: HandoffEnvelope?
    /// The screen to open.
    public let destination: OnboardingDestination
}

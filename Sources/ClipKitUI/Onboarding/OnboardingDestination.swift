import ClipKit

/// The screen the full app opens when it starts: normal onboarding, or a flow pre-filled with
/// what the person chose in the clip or in the link that opened the app.
public enum OnboardingDestination: Sendable, Hashable, CustomStringConvertible {
    /// Nothing was carried over: the app's usual first screen.
    case standardOnboarding
    /// RoadFlare: the Drivers tab with "Add driver" open and pre-filled.
    case addDriver(DriverPrefill)
    /// Bluesky: the starter pack's onboarding flow.
    case starterPack(uri: String, origin: PrefillOrigin)

    /// A short line for logs and `clipkit simulate`.
    public var description: String {
        switch self {
        case .standardOnboarding:
            return "standard onboarding, nothing pre-filled"
        case .addDriver(let prefill):
            let name = prefill.displayName.map { "\($0) (\(prefill.npub))" } ?? prefill.npub
            return "add-driver screen pre-filled with \(name), from \(prefill.origin.description)"
        case .starterPack(let uri, let origin):
            return "starter-pack onboarding for \(uri), from \(origin.description)"
        }
    }
}

/// The driver the add-driver screen is pre-filled with.
public struct DriverPrefill: Sendable, Hashable {
    /// The driver's key, `npub1…`; its checksum has been verified.
    public var npub: String
    /// The name the clip showed, as a placeholder until the app fetches the profile itself.
    public var displayName: String?
    /// The `created_at` of the profile the name came from, in Unix seconds.
    public var profileCreatedAt: Int?
    /// Where the driver came from.
    public var origin: PrefillOrigin

    /// Creates a prefill.
    public init(npub: String, displayName: String? = nil, profileCreatedAt: Int? = nil, origin: PrefillOrigin) {
        self.npub = npub
        self.displayName = displayName
        self.profileCreatedAt = profileCreatedAt
        self.origin = origin
    }
}

/// Where pre-filled onboarding came from.
public enum PrefillOrigin: String, Sendable, Hashable, CustomStringConvertible {
    /// The clip's one-shot handoff in the App Group container.
    case clipHandoff
    /// The universal link that launched the app.
    case invocationURL

    /// Words for logs.
    public var description: String {
        switch self {
        case .clipHandoff: return "the clip's handoff"
        case .invocationURL: return "the link that opened the app"
        }
    }
}

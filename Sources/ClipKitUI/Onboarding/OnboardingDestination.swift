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

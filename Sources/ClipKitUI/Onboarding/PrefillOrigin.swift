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

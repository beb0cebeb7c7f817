/// Who wants the App Store overlay shown, which decides the rules that apply.
public enum InstallPromotionRequest: String, Sendable, Hashable, CaseIterable {
    /// The person tapped a native control that says it installs the app, such as
    /// "Get RoadFlare". Shown whenever the overlay is not already on screen.
    case personAsked
    /// The clip, or the web content inside it, wants to promote the app on its own. Shown only
    /// after the person's task is done, at most once per invocation, and not again soon after
    /// the person dismissed it.
    case automatic
}

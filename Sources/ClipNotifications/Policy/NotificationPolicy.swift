/// Decides how a notification service extension changes a notification.
///
/// A policy is a pure mapping from the payload and the person's preferences to
/// ``NotificationMutations``; it performs no I/O. `NotificationProcessor` applies the result
/// (the badge through ``BadgeCounter``). ``ReasonPolicy`` is the configurable implementation; its
/// presets are ``ReasonPolicy/standard`` (the badge only) and Bluesky's ``ReasonPolicy/bluesky``.
public protocol NotificationPolicy: Sendable {
    /// The changes for `payload`, with any problems found in the fields the policy read.
    func decide(for payload: NotificationPayload, preferences: NotificationPreferences) -> PolicyDecision
}

/// A policy's answer for one notification.
public struct PolicyDecision: Sendable, Hashable {
    /// What to change.
    public var mutations: NotificationMutations
    /// The payload's reason (the value of the field the policy dispatches on), when it had one.
    public var reason: String?
    /// Whether a rule matched the reason; `false` means the policy's fallback applied.
    public var matchedRule: Bool
    /// Problems in the fields the policy read; each left the affected change out.
    public var issues: [PayloadIssue]

    /// Creates a decision.
    public init(mutations: NotificationMutations, reason: String? = nil, matchedRule: Bool = false, issues: [PayloadIssue] = []) {
        self.mutations = mutations
        self.reason = reason
        self.matchedRule = matchedRule
        self.issues = issues
    }
}

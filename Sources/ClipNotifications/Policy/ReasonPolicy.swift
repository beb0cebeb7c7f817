import Foundation

/// A configurable policy that dispatches on one payload field (`reason` by default).
///
/// Each ``ReasonRule`` lists reasons and the ``NotificationAction``s to take for them; a
/// notification whose reason matches no rule (or has none) gets the ``otherwise`` actions.
///
/// ```swift
/// let policy = ReasonPolicy(
///     rules: [ReasonRule(reasons: ["chat-message"], actions: [.playSound(named: "dm.aiff", whenEnabled: "playSoundChat")])],
///     otherwise: [.incrementBadge(by: 1)]
/// )
/// ```
public struct ReasonPolicy: NotificationPolicy, Hashable {
    /// The payload field whose value selects the rule.
    @_spi(ClipKitTooling) public var reasonField: String
    /// The rules, tried in order.
    public var rules: [ReasonRule]
    /// The actions for a reason that no rule lists, or a payload without a reason.
    public var otherwise: [NotificationAction]

    /// Creates a policy.
    public init(reasonField: String = "reason", rules: [ReasonRule], otherwise: [NotificationAction] = []) {
        self.reasonField = reasonField
        self.rules = rules
        self.otherwise = otherwise
    }

    /// Applies the first rule that lists the payload's reason, or ``otherwise``.
    public func decide(for payload: NotificationPayload, preferences: NotificationPreferences) -> PolicyDecision {
        var issues: [PayloadIssue] = []
        var reason: String?
        switch payload.string(forField: reasonField) {
        case .success(let value): reason = value
        case .failure(let issue): issues.append(issue)
        }
        let rule = reason.flatMap { reason in rules.first { $0.reasons.contains(reason) } }
        var mutations = NotificationMutations()
        for action in rule?.actions ?? otherwise {
            apply(action, to: &mutations, payload: payload, preferences: preferences, issues: &issues)
        }
        return PolicyDecision(mutations: mutations, reason: reason, matchedRule: rule != nil, issues: issues)
    }

    private func apply(
        _ action: NotificationAction, to mutations: inout NotificationMutations, payload: NotificationPayload,
        preferences: NotificationPreferences, issues: inout [PayloadIssue]
    ) {
        switch action {
        case .playSound(let sound, let preference):
            if preference.map({ preferences.isEnabled($0) }) ?? true {
                mutations.sound = sound
            }
        case .incrementBadge(let count):
            if case .increment(let earlier) = mutations.badge {
                mutations.badge = .increment(by: earlier + max(count, 1))
            } else {
                mutations.badge = .increment(by: max(count, 1))
            }
        case .resetBadge:
            mutations.badge = .reset
        case .groupIntoThread(let field):
            switch payload.string(forField: field) {
            case .success(let value) where !value.isEmpty: mutations.threadIdentifier = value
            case .success: issues.append(PayloadIssue(path: field, problem: .outOfRange(allowed: "a non-empty string")))
            case .failure(let issue): issues.append(issue)
            }
        case .markAsCommunication(let fields):
            mutations.communication = communication(from: payload, fields: fields, issues: &issues)
        }
    }

    private func communication(from payload: NotificationPayload, fields: CommunicationFields, issues: inout [PayloadIssue]) -> CommunicationNotification? {
        func required(_ field: String) -> String? {
            switch payload.string(forField: field) {
            case .success(let value) where !value.isEmpty: return value
            case .success: issues.append(PayloadIssue(path: field, problem: .outOfRange(allowed: "a non-empty string"))); return nil
            case .failure(let issue): issues.append(issue); return nil
            }
        }
        func optional(_ field: String?) -> String? {
            guard let field, payload.fields[field] != nil else { return nil }
            return required(field)
        }
        let senderName = required(fields.senderName)
        let conversation = required(fields.conversation)
        var avatar: URL?
        if let field = fields.avatarURL, let text = optional(field) {
            switch fields.avatarRule.vet(text) {
            case .success(let url): avatar = url
            case .failure(let problem): issues.append(PayloadIssue(path: field, problem: problem))
            }
        }
        let sender = optional(fields.senderIdentifier)
        let recipient = optional(fields.recipient)
        guard let senderName, let conversation else { return nil }
        return CommunicationNotification(
            senderName: senderName, senderIdentifier: sender, conversationIdentifier: conversation,
            avatarURL: avatar, recipientIdentifier: recipient
        )
    }
}

/// The reasons a rule applies to, and what it does.
public struct ReasonRule: Sendable, Hashable {
    /// The values of the reason field this rule handles.
    public var reasons: Set<String>
    /// What to do, in order.
    public var actions: [NotificationAction]

    /// Creates a rule.
    public init(reasons: Set<String>, actions: [NotificationAction]) {
        self.reasons = reasons
        self.actions = actions
    }
}

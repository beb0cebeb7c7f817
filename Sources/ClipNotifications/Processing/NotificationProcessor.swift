import Foundation

/// Runs one notification through the pipeline: parse the payload, ask the policy, apply the
/// changes (the badge through ``BadgeCounter``) and return the content to deliver.
///
/// The command line (`clipkit notify process`) and the iOS glue both use it; the glue wraps it
/// in a ``DeadlineGuard``.
@_spi(ClipKitTooling)
public struct NotificationProcessor: Sendable {
    /// Decides the changes.
    public var policy: any NotificationPolicy
    /// Where the person's preferences come from.
    public var preferences: any NotificationPreferencesSource
    /// The shared badge count; without one, a badge change is reported as a problem and skipped.
    public var badgeCounter: BadgeCounter?
    /// Reads the payload.
    public var parser: NotificationPayloadParser

    /// Creates a processor.
    public init(
        policy: any NotificationPolicy, preferences: any NotificationPreferencesSource,
        badgeCounter: BadgeCounter?, limits: PayloadLimits = .standard
    ) {
        self.policy = policy
        self.preferences = preferences
        self.badgeCounter = badgeCounter
        self.parser = NotificationPayloadParser(limits: limits)
    }

    /// Processes the payload `payloadJSON` (the notification's `userInfo` as JSON).
    ///
    /// - Parameters:
    ///   - payloadJSON: The notification's `userInfo`, as JSON.
    ///   - original: The content as the system built it; `nil` builds it from the payload.
    /// - Throws: ``PayloadRejection`` when the payload cannot be read at all; deliver the original
    ///   content then.
    public func process(_ payloadJSON: Data, original: NotificationContent? = nil) throws(PayloadRejection) -> ProcessedNotification {
        let parsed = try parser.parse(payloadJSON)
        return process(parsed, original: original)
    }

    /// Processes an already parsed payload.
    public func process(_ parsed: ParsedNotificationPayload, original: NotificationContent? = nil) -> ProcessedNotification {
        var problems: [ProcessingProblem] = []
        let loadedPreferences: NotificationPreferences
        do {
            loadedPreferences = try preferences.loadPreferences()
        } catch {
            problems.append(.preferencesUnavailable(PreferencesError(error)))
            loadedPreferences = NotificationPreferences()
        }
        let decision = policy.decide(for: parsed.payload, preferences: loadedPreferences)
        var content = original ?? NotificationContent(payload: parsed.payload)
        let mutations = decision.mutations
        if let sound = mutations.sound { content.sound = sound }
        if let thread = mutations.threadIdentifier { content.threadIdentifier = thread }
        if let communication = mutations.communication { content.communication = communication }
        var badgeUpdate: BadgeUpdate?
        if let change = mutations.badge {
            if let badgeCounter {
                do {
                    let update = try badgeCounter.update(change)
                    badgeUpdate = update
                    content.badge = update.value
                } catch {
                    problems.append(.badgeCounterFailed(error))
                }
            } else {
                problems.append(.noBadgeCounter)
            }
        }
        return ProcessedNotification(
            content: content, payload: parsed.payload, decision: decision,
            issues: parsed.issues + decision.issues, badgeUpdate: badgeUpdate, problems: problems
        )
    }
}

/// What ``NotificationProcessor`` produced for one notification.
@_spi(ClipKitTooling)
public struct ProcessedNotification: Sendable, Hashable {
    /// The content to deliver.
    public var content: NotificationContent
    /// The payload as read.
    public var payload: NotificationPayload
    /// The policy's decision.
    public var decision: PolicyDecision
    /// Every malformed or missing field, from the parser and the policy.
    public var issues: [PayloadIssue]
    /// The badge change, when the policy made one and it succeeded.
    public var badgeUpdate: BadgeUpdate?
    /// What could not be done (the rest was).
    public var problems: [ProcessingProblem]

    /// Creates a result.
    public init(
        content: NotificationContent, payload: NotificationPayload, decision: PolicyDecision,
        issues: [PayloadIssue], badgeUpdate: BadgeUpdate?, problems: [ProcessingProblem]
    ) {
        self.content = content
        self.payload = payload
        self.decision = decision
        self.issues = issues
        self.badgeUpdate = badgeUpdate
        self.problems = problems
    }
}

/// A part of processing that could not be done; the notification is still delivered.
@_spi(ClipKitTooling)
public enum ProcessingProblem: Sendable, Hashable, CustomStringConvertible {
    /// The preferences could not be read; every switch counted as off.
    case preferencesUnavailable(PreferencesError)
    /// The badge counter failed; the badge was left unchanged.
    case badgeCounterFailed(BadgeCounterError)
    /// The policy changed the badge but the processor has no counter; the badge was left unchanged.
    case noBadgeCounter

    /// The problem in words.
    public var description: String {
        switch self {
        case .preferencesUnavailable(let error): return "\(error) (every preference counted as off)"
        case .badgeCounterFailed(let error): return "\(error) (badge left unchanged)"
        case .noBadgeCounter: return "the policy changed the badge, but no badge counter is configured (badge left unchanged)"
        }
    }
}

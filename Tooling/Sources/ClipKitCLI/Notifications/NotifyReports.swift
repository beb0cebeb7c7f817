@_spi(ClipKitTooling) import ClipNotifications
import ClipReports
import Foundation

/// What `clipkit notify process --json` prints: what the extension delivers for a payload, or,
/// for a payload rejected as a whole, that the original is delivered and why.
package struct NotifyProcessReport: CommandReport {
    package static let schemaName = "notify-process"
    package static let commands = "clipkit notify process"
    package static let members: [ReportMember] = [
        .required("delivered", .oneOf(["original", "modified"])),
        .optional("policy", .string),
        .optional("sound", .string),
        .optional("badge", .integer),
        .optional("reason", .string),
        .optional("payloadReason", .string),
        .optional("matchedRule", .boolean),
        .optional("threadIdentifier", .string),
        .optional("communication", .object([
            .required("senderName", .string), .optional("senderIdentifier", .string),
            .required("conversationIdentifier", .string), .optional("avatarURL", .string),
            .optional("recipientIdentifier", .string),
        ])),
        .optional("badgeUpdate", BadgeChange.schema),
        .optional("content", .object([
            .required("title", .string), .required("subtitle", .string), .required("body", .string),
            .optional("sound", .string), .optional("badge", .integer),
            .required("threadIdentifier", .string), .required("categoryIdentifier", .string),
            .optional("targetContentIdentifier", .string), .optional("interruptionLevel", .string),
        ])),
        .optional("issues", .array(.object([.required("path", .string), .required("message", .string)]))),
        .optional("problems", .array(.string)),
        .optional("diagnostics", .array(.string)),
    ]

    /// The sender and conversation of a communication notification.
    package struct Communication: Encodable, Sendable {
        let senderName: String
        let senderIdentifier: String?
        let conversationIdentifier: String
        let avatarURL: String?
        let recipientIdentifier: String?
    }

    /// The delivered content.
    package struct Content: Encodable, Sendable {
        let title: String
        let subtitle: String
        let body: String
        let sound: String?
        let badge: Int?
        let threadIdentifier: String
        let categoryIdentifier: String
        let targetContentIdentifier: String?
        let interruptionLevel: String?
    }

    /// A malformed field of the payload.
    package struct Issue: Encodable, Sendable {
        let path: String
        let message: String
    }

    package let schemaVersion = ReportVersion.current
    package let delivered: String
    package var policy: String?
    package var sound: String?
    package var badge: Int?
    /// Why the payload was rejected as a whole.
    package var reason: String?
    package var payloadReason: String?
    package var matchedRule: Bool?
    package var threadIdentifier: String?
    package var communication: Communication?
    package var badgeUpdate: BadgeChange?
    package var content: Content?
    package var issues: [Issue]?
    package var problems: [String]?
    package var diagnostics: [String]?

    /// The report of `processed` under the preset `policy`, with the badge counter's diagnostics.
    package init(_ processed: ProcessedNotification, policy: String, diagnostics: [String]) {
        let content = processed.content
        delivered = content == NotificationContent(payload: processed.payload) ? "original" : "modified"
        self.policy = policy
        sound = content.sound?.description
        badge = content.badge
        payloadReason = processed.decision.reason
        matchedRule = processed.decision.matchedRule
        threadIdentifier = content.threadIdentifier.isEmpty ? nil : content.threadIdentifier
        communication = content.communication.map {
            Communication(senderName: $0.senderName, senderIdentifier: $0.senderIdentifier, conversationIdentifier: $0.conversationIdentifier,
                          avatarURL: $0.avatarURL?.absoluteString, recipientIdentifier: $0.recipientIdentifier)
        }
        badgeUpdate = processed.badgeUpdate.map(BadgeChange.init)
        self.content = Content(
            title: content.title, subtitle: content.subtitle, body: content.body, sound: content.sound?.description,
            badge: content.badge, threadIdentifier: content.threadIdentifier, categoryIdentifier: content.categoryIdentifier,
            targetContentIdentifier: content.targetContentIdentifier, interruptionLevel: content.interruptionLevel?.rawValue
        )
        issues = processed.issues.map { Issue(path: $0.path, message: $0.problem.description) }
        problems = processed.problems.map(\.description)
        self.diagnostics = diagnostics
    }

    /// A payload rejected as a whole: the original content is delivered.
    package init(rejectedBecause reason: String) {
        delivered = "original"
        self.reason = reason
    }
}

/// A change of the shared badge count.
package struct BadgeChange: Encodable, Sendable {
    /// The description of a change in a report's schema.
    static let schema = ReportSchema.object([.required("previous", .integer), .required("value", .integer), .required("sequence", .integer)])

    let previous: Int
    let value: Int
    let sequence: UInt64

    init(_ update: BadgeUpdate) {
        previous = update.previousValue
        value = update.value
        sequence = update.sequence
    }
}

/// What `clipkit notify badge get|reset|increment --json` prints: the count, and for a reset the
/// value it had, with the counter's diagnostics.
package struct BadgeReport: CommandReport {
    package static let schemaName = "notify-badge"
    package static let commands = "clipkit notify badge get, reset"
    package static let members: [ReportMember] = [
        .required("badge", .integer),
        .optional("previous", .integer),
        .required("sequence", .integer),
        .optional("file", .string),
        .required("diagnostics", .array(.string)),
    ]

    package let schemaVersion = ReportVersion.current
    package let badge: Int
    package var previous: Int?
    package let sequence: UInt64
    package var file: String?
    package let diagnostics: [String]

    /// The count as read from `file`.
    package init(_ snapshot: BadgeSnapshot, file: String, diagnostics: [String]) {
        badge = snapshot.value
        sequence = snapshot.sequence
        self.file = file
        self.diagnostics = diagnostics
    }

    /// The count after a reset, with the value it had.
    package init(reset update: BadgeUpdate, diagnostics: [String]) {
        badge = update.value
        previous = update.previousValue
        sequence = update.sequence
        self.diagnostics = diagnostics
    }
}

/// What the hidden `clipkit notify badge increment --json` prints after its loop.
package struct BadgeIncrementReport: CommandReport {
    package static let schemaName = "notify-badge-increment"
    package static let commands = "clipkit notify badge increment"
    package static let members: [ReportMember] = [
        .optional("badge", .integer),
        .required("increments", .integer),
        .required("mode", .oneOf(["naive", "locked"])),
        .required("startedAt", .number),
        .required("seconds", .number),
        .required("diagnostics", .array(.string)),
    ]

    package let schemaVersion = ReportVersion.current
    /// The count after the last increment; absent when there was none.
    package let badge: Int?
    package let increments: Int
    package let mode: String
    /// When the loop started, in seconds since 1970.
    package let startedAt: Double
    package let seconds: Double
    package let diagnostics: [String]
}

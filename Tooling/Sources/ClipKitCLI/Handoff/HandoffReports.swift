import ClipKit
import ClipReports
import Foundation

/// What `clipkit handoff offer --json` prints: the offered entry's type, lifetime and size, or why
/// the manifest's type refused the payload.
package struct HandoffOfferReport: CommandReport {
    package static let schemaName = "handoff-offer"
    package static let commands = "clipkit handoff offer"
    package static let members: [ReportMember] = [
        .required("offered", .boolean),
        .required("type", .string),
        .optional("createdAt", .string),
        .optional("expiresAt", .string),
        .optional("bytes", .integer),
        .optional("reason", .string),
    ]

    package let schemaVersion = ReportVersion.current
    /// Whether the payload was offered.
    package let offered: Bool
    /// The payload's type name.
    package let type: String
    /// When it was offered (ISO 8601, UTC).
    package var createdAt: String?
    /// When it stops being claimable.
    package var expiresAt: String?
    /// The stored entry's size.
    package var bytes: Int?
    /// Why the type refused the payload.
    package var reason: String?

    /// The report of an accepted offer.
    package init(_ offer: HandoffOffer) {
        offered = true
        type = offer.typeName
        createdAt = HandoffOutput.timestamp(offer.createdAt)
        expiresAt = HandoffOutput.timestamp(offer.expiresAt)
        bytes = offer.bytes
    }

    /// The report of a payload that `type` refused, with the reason.
    package init(refusedBy type: String, reason: String) {
        offered = false
        self.type = type
        self.reason = reason
    }
}

/// Which reading of the handoff a ``HandoffEntryReport`` reports: `claim` or `peek`.
package protocol HandoffReadingKind: Sendable {
    /// The member that says whether there was an entry: `claimed` or `found`.
    static var outcomeMember: String { get }
    /// The command's name after `clipkit handoff`.
    static var command: String { get }
}

/// `clipkit handoff claim`.
package enum HandoffClaim: HandoffReadingKind {
    package static var outcomeMember: String { "claimed" }
    package static var command: String { "claim" }
}

/// `clipkit handoff peek`.
package enum HandoffPeek: HandoffReadingKind {
    package static var outcomeMember: String { "found" }
    package static var command: String { "peek" }
}

/// What `clipkit handoff claim|peek --json` prints: the entry, or why there is none.
package struct HandoffEntryReport<Kind: HandoffReadingKind>: CommandReport {
    package static var schemaName: String { "handoff-\(Kind.command)" }
    package static var commands: String { "clipkit handoff \(Kind.command)" }
    package static var members: [ReportMember] {
        [
            .required(Kind.outcomeMember, .boolean),
            .optional("type", .string),
            .optional("payload", .any),
            .optional("createdAt", .string),
            .optional("expiresAt", .string),
            .optional("schema", .integer),
            .optional("code", .string),
            .optional("reason", .string),
        ]
    }

    package let schemaVersion = ReportVersion.current
    /// Whether there was an entry.
    package let outcome: Bool
    package var type: String?
    package var payload: EncodedJSON?
    package var createdAt: String?
    package var expiresAt: String?
    /// The entry's own format version.
    package var schema: Int?
    package var code: String?
    package var reason: String?

    /// The report of the entry read.
    package init(_ envelope: HandoffEnvelope) {
        outcome = true
        type = envelope.typeName
        payload = EncodedJSON(envelope.payload)
        createdAt = HandoffOutput.timestamp(envelope.createdAt)
        expiresAt = HandoffOutput.timestamp(envelope.expiresAt)
        schema = envelope.schemaVersion
    }

    /// The report when there was no entry to read: a code and the reason.
    package init(code: String, reason: String) {
        outcome = false
        self.code = code
        self.reason = reason
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the members, the outcome under ``HandoffReadingKind/outcomeMember``.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(schemaVersion, forKey: Key("schemaVersion"))
        try container.encode(outcome, forKey: Key(Kind.outcomeMember))
        try container.encodeIfPresent(type, forKey: Key("type"))
        try container.encodeIfPresent(payload, forKey: Key("payload"))
        try container.encodeIfPresent(createdAt, forKey: Key("createdAt"))
        try container.encodeIfPresent(expiresAt, forKey: Key("expiresAt"))
        try container.encodeIfPresent(schema, forKey: Key("schema"))
        try container.encodeIfPresent(code, forKey: Key("code"))
        try container.encodeIfPresent(reason, forKey: Key("reason"))
    }
}

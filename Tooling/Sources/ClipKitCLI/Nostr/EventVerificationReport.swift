import ClipNostr
import ClipReports

/// What `clipkit event verify --json` prints: whether the event is genuine, and why not.
package struct EventVerificationReport: CommandReport {
    package static let schemaName = "event-verify"
    package static let commands = "clipkit event verify"
    package static let members: [ReportMember] = [
        .required("valid", .boolean),
        .optional("id", .string),
        .optional("computedID", .string),
        .optional("pubkey", .string),
        .optional("kind", .integer),
        .optional("createdAt", .integer),
        .optional("code", .string),
        .optional("reason", .string),
    ]

    package let schemaVersion = ReportVersion.current
    /// Whether the id and the signature hold.
    package let valid: Bool
    /// The id the event states.
    package var id: String?
    /// The id computed from the event, when it differs from the stated one.
    package var computedID: String?
    /// The author's public key.
    package var pubkey: String?
    /// The event's kind.
    package var kind: Int?
    /// The event's `created_at`, in seconds since 1970.
    package var createdAt: Int64?
    /// Why the event is not genuine: a stable code and a sentence.
    package var code: String?
    /// Why the event is not genuine, for a person.
    package var reason: String?

    /// A genuine event.
    package init(genuine event: NostrEvent) {
        valid = true
        id = event.id
        pubkey = event.pubkey
        kind = event.kind
        createdAt = event.createdAt
    }

    /// An event that failed verification with `error`.
    package init(event: NostrEvent, failure error: EventVerificationError) {
        valid = false
        id = event.id
        if case .idMismatch(_, let computed) = error { computedID = computed }
        pubkey = event.pubkey
        kind = event.kind
        createdAt = event.createdAt
        code = error.code
        reason = error.description
    }

    /// JSON that is not a well-formed event: `code` and `reason` say what is wrong.
    package init(code: String, reason: String) {
        valid = false
        self.code = code
        self.reason = reason
    }
}

import ClipNostr
import ClipReports

/// What `clipkit nip19 decode|encode --json` prints about an npub or nprofile.
package struct NIP19Report: CommandReport {
    package static let schemaName = "nip19"
    package static let commands = "clipkit nip19 decode, clipkit nip19 encode"
    package static let members: [ReportMember] = [
        .required("type", .oneOf(["npub", "nprofile"])),
        .required("pubkey", .string),
        .required("relays", .array(.string)),
        .optional("string", .string),
    ]

    package let schemaVersion = ReportVersion.current
    /// `npub` or `nprofile`.
    package let type: String
    /// The public key in hex.
    package let pubkey: String
    /// The relay hints.
    package let relays: [String]
    /// The encoded string (`encode` only).
    package let string: String?

    /// The report of `entity`, and of the string it was encoded as.
    package init(entity: NIP19Entity, encoded: String? = nil) {
        type = entity.typeName
        pubkey = entity.publicKey
        relays = entity.relays
        string = encoded
    }

    /// The entity as text for people.
    var text: String {
        var lines = ["type: \(type)", "pubkey: \(pubkey)"]
        for relay in relays { lines.append("relay: \(relay)") }
        return lines.joined(separator: "\n")
    }
}

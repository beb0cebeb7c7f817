@_spi(ClipKitTooling) import ClipNostr
import ClipReports

/// What `clipkit nip19 decode|encode --json` prints about an npub, nprofile, nevent or naddr.
package struct NIP19Report: CommandReport {
    package static let schemaName = "nip19"
    package static let commands = "clipkit nip19 decode, clipkit nip19 encode"
    package static let members: [ReportMember] = [
        .required("type", .oneOf(NIP19.acceptedPrefixes)),
        .optional("pubkey", .string),
        .optional("id", .string),
        .optional("kind", .integer),
        .optional("identifier", .string),
        .required("relays", .array(.string)),
        .optional("string", .string),
    ]

    package let schemaVersion = ReportVersion.current
    /// `npub`, `nprofile`, `nevent` or `naddr`.
    package let type: String
    /// The person in hex: the key of an npub or nprofile, the author of an naddr, and of an
    /// nevent when it names one (absent otherwise).
    package let pubkey: String?
    /// The event id in hex (`nevent` only).
    package let id: String?
    /// The event kind (`naddr` always, `nevent` when it names one).
    package let kind: UInt32?
    /// The `d` tag (`naddr` only; empty for a replaceable event such as a profile).
    package let identifier: String?
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
        switch entity {
        case .npub, .nprofile:
            (id, kind, identifier) = (nil, nil, nil)
        case .nevent(let pointer):
            (id, kind, identifier) = (pointer.eventID, pointer.kind, nil)
        case .naddr(let pointer):
            (id, kind, identifier) = (nil, pointer.kind, pointer.identifier)
        }
    }

    /// The entity as text for people.
    var text: String {
        var lines = ["type: \(type)"]
        if let id { lines.append("id: \(id)") }
        if let pubkey { lines.append(type == "nevent" || type == "naddr" ? "author: \(pubkey)" : "pubkey: \(pubkey)") }
        if let kind { lines.append("kind: \(kind)") }
        if let identifier { lines.append("identifier: \(identifier)") }
        for relay in relays { lines.append("relay: \(relay)") }
        return lines.joined(separator: "\n")
    }
}

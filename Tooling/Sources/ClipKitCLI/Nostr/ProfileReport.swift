@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipReports
import Foundation

/// What `clipkit profile --json` prints: the profile, where and when it came from, each relay's
/// outcome, and when none was shown, why (`reasonCode`: ``ProfileAbsence``).
package struct ProfileReport: CommandReport {
    package static let schemaName = "profile"
    package static let commands = "clipkit profile"
    package static let members: [ReportMember] = [
        .required("found", .boolean),
        .required("pubkey", .string),
        .optional("name", .string),
        .optional("displayName", .string),
        .optional("picture", .string),
        .optional("about", .string),
        .optional("nip05", .string),
        .optional("nip05Verified", .boolean),
        .optional("nip05ReasonCode", .string),
        .optional("nip05Reason", .string),
        .optional("lud16", .string),
        .optional("banner", .string),
        .optional("website", .string),
        .required("custom", .dictionary(.any)),
        .optional("createdAt", .integer),
        .optional("id", .string),
        .optional("relay", .string),
        .optional("firstResultMs", .number),
        .required("totalMs", .number),
        .required("ending", .string),
        .required("relays", .array(.object([
            .required("url", .string), .required("role", .oneOf(["given", "write-relay"])), .required("outcome", .string),
            .required("eventsReceived", .integer), .required("eventsAccepted", .integer), .required("eventsDropped", .integer),
            .required("dropped", .dictionary(.integer)),
            .optional("connectedMs", .number), .optional("finishedMs", .number),
            .optional("reason", .string), .optional("reasonCode", .string), .optional("notices", .array(.string)),
        ]))),
        .optional("relayList", .object([
            .required("id", .string), .required("createdAt", .integer), .required("from", .string),
            .required("writeRelays", .array(.string)),
        ])),
        .optional("reason", .string),
        .optional("reasonCode", .oneOf(ProfileAbsence.allCases.map(\.rawValue))),
    ]

    /// One relay's outcome.
    package struct Relay: Encodable, Sendable {
        let url: String
        let role: String
        let outcome: String
        let eventsReceived: Int
        let eventsAccepted: Int
        let eventsDropped: Int
        let dropped: [String: Int]
        let connectedMs: Double?
        let finishedMs: Double?
        let reason: String?
        let reasonCode: String?
        let notices: [String]?
    }

    package let schemaVersion = ReportVersion.current
    package let found: Bool
    package let pubkey: String
    package let name: String?
    package let displayName: String?
    package let picture: String?
    package let about: String?
    package let nip05: String?
    /// Whether the profile's `nip05` address is listed by its domain with the profile's key;
    /// absent when the profile has no `nip05` field.
    package let nip05Verified: Bool?
    /// How the NIP-05 check ended (``NIP05Verification/code``).
    package let nip05ReasonCode: String?
    /// The check's result in words.
    package let nip05Reason: String?
    package let lud16: String?
    package let banner: String?
    package let website: String?
    package let custom: [String: EncodedJSON]
    package let createdAt: Int64?
    package let id: String?
    package let relay: String?
    package let firstResultMs: Double?
    package let totalMs: Double
    package let ending: String
    package let relays: [Relay]
    package let relayList: RelayList?
    package let reason: String?
    package let reasonCode: String?

    /// The author's relay list (kind 10002) the fetch found, and where.
    package struct RelayList: Encodable, Sendable {
        let id: String
        let createdAt: Int64
        /// `link`, or the relay that delivered it.
        let from: String
        let writeRelays: [String]
    }

    private let update: ProfileFetchUpdate

    /// The report of the fetch's final `update` for `publicKey`, with the NIP-05 check of the
    /// profile found, when its `nip05` field was checked.
    package init(publicKey: String, update: ProfileFetchUpdate, nip05 check: NIP05Verification? = nil) {
        nip05Verified = check?.isVerified
        nip05ReasonCode = check?.code
        nip05Reason = check?.description
        self.update = update
        let fetched = update.profile
        let profile = fetched?.profile
        found = fetched != nil
        pubkey = publicKey
        name = profile?.name
        displayName = profile?.displayName
        picture = profile?.picture?.absoluteString
        about = profile?.about
        nip05 = profile?.nip05
        lud16 = profile?.lightningAddress
        banner = profile?.banner?.absoluteString
        website = profile?.website?.absoluteString
        custom = (profile?.custom ?? [:]).mapValues(EncodedJSON.init)
        createdAt = fetched?.event.createdAt
        id = fetched?.event.id
        relay = fetched?.relay?.string
        firstResultMs = update.firstProfileAfter.map(Self.milliseconds)
        totalMs = Self.milliseconds(update.elapsed)
        ending = if case .finished(let reason) = update.change { reason.rawValue } else { "unfinished" }
        relays = update.relays.map(Self.relay)
        relayList = update.relayList.map {
            RelayList(id: $0.eventID, createdAt: $0.createdAt, from: $0.origin.description, writeRelays: $0.writeRelays.map(\.string))
        }
        reason = Self.missSummary(update, publicKey: publicKey)
        reasonCode = update.absence?.rawValue
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, found, pubkey, name, displayName, picture, about, nip05, nip05Verified, nip05ReasonCode, nip05Reason, lud16, banner,
             website, custom, createdAt, id, relay, firstResultMs, totalMs, ending, relays, relayList, reason, reasonCode
    }

    /// The one-line summary when nothing was found: which of the two cases, and how many relays.
    var missSummary: String? { reason }

    /// The summary of a fetch that shows no profile; `nil` when it shows one.
    static func missSummary(_ update: ProfileFetchUpdate, publicKey: String) -> String? {
        guard let absence = update.absence else { return nil }
        let asked = update.relays.count
        let answered = update.relaysAnswered
        switch absence {
        case .notFound:
            let failed = asked - answered
            return "no verified profile of \(publicKey): \(answered) of \(asked) relay(s) answered and had none"
                + (failed > 0 ? " (\(failed) could not be asked)" : "")
        case .noRelayAnswered:
            return "could not ask any relay for \(publicKey): none of the \(asked) relay(s) answered (each relay's reason says why)"
        }
    }

    var text: String {
        var lines: [String] = []
        if let found = update.profile {
            let profile = found.profile
            lines.append("\(profile.preferredName ?? "(no name)")  \(pubkey)")
            if let name = profile.name, name != profile.preferredName { lines.append("  name: \(name)") }
            if let picture = profile.picture { lines.append("  picture: \(picture.absoluteString)") }
            if let about = profile.about { lines.append("  about: \(about.prefix(200))") }
            if let nip05 = profile.nip05 {
                lines.append("  nip05: \(nip05.prefix(320)) (\(nip05Verified == true ? "verified" : nip05Reason ?? "not checked"))")
            }
            for key in profile.custom.keys.sorted() {
                let value = profile.custom[key].map { String(decoding: $0.serialized(), as: UTF8.self) } ?? ""
                lines.append("  \(key): \(value.prefix(200))")
            }
            let created = Date(timeIntervalSince1970: TimeInterval(found.event.createdAt))
            lines.append("  created: \(created.formatted(.iso8601)) (event \(found.event.id.prefix(16))…)")
            lines.append("  from \(found.origin.description), first after \(Self.format(update.firstProfileAfter)), final after \(Self.format(update.elapsed)) (\(ending))")
        } else if let summary = reason {
            lines.append("\(summary); after \(Self.format(update.elapsed)) (\(ending))")
        }
        if let path = Self.path(of: update) { lines.append("  path: \(path)") }
        for relay in update.relays {
            let role = relay.role == .given ? "" : " (write relay)"
            lines.append("  \(relay.relay.string)\(role): \(RelayProgressDisplay.describe(relay))")
        }
        return lines.joined(separator: "\n")
    }

    /// How the fetch reached its answer when the author's relay list took part, in one line:
    /// where the list came from, which write relays it led to, and which one had the profile.
    static func path(of update: ProfileFetchUpdate) -> String? {
        guard let list = update.relayList else { return nil }
        var steps = ["relay list (kind 10002) from \(list.origin.description)"]
        let asked = update.relays.filter { $0.role == .writeRelay(relayList: list.eventID) }.map(\.relay.string)
        steps.append(asked.isEmpty ? "no write relay asked" : "write relays asked: \(asked.joined(separator: ", "))")
        if let answering = update.answeringRelay {
            steps.append("profile from \(answering.relay.string) (\(answering.role == .given ? "a given relay" : "a write relay"))")
        } else if update.profile?.origin == .link {
            steps.append("profile from the link")
        } else {
            steps.append("no profile")
        }
        return steps.joined(separator: " → ")
    }

    static func relay(_ report: RelayReport) -> Relay {
        Relay(
            url: report.relay.string, role: report.role.name, outcome: report.state.outcome?.name ?? "unfinished",
            eventsReceived: report.eventsReceived, eventsAccepted: report.eventsAccepted, eventsDropped: report.eventsDropped,
            dropped: report.droppedByReason, connectedMs: report.connectedAfter.map(milliseconds),
            finishedMs: report.finishedAfter.map(milliseconds), reason: report.state.outcome?.detail,
            reasonCode: report.state.outcome?.reasonCode?.rawValue, notices: report.notices.isEmpty ? nil : report.notices
        )
    }

    /// A duration in milliseconds, to a tenth.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 10).rounded() / 10
    }

    static func format(_ duration: Duration?) -> String {
        guard let duration else { return "—" }
        return "\(Int(milliseconds(duration).rounded())) ms"
    }
}

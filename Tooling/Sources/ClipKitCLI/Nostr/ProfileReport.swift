import ClipKit
import ClipNostr
import Foundation

/// What `clipkit profile` prints: the profile, where and when it came from, and each relay's outcome.
struct ProfileReport {
    let publicKey: String
    let update: ProfileFetchUpdate

    /// Why no profile was shown, when none was.
    enum Miss: String {
        /// At least one relay answered in full (`EOSE`) and none had a verified profile.
        case notFound = "not-found"
        /// No relay answered in full: each failed, refused or ran out of time, so nothing is known.
        case noRelayAnswered = "no-relay-answered"
    }

    /// How many relays answered in full.
    var relaysAnswered: Int {
        update.relays.filter { $0.state.outcome?.answered == true }.count
    }

    /// Why nothing was found; `nil` when a profile was.
    var miss: Miss? {
        guard update.profile == nil else { return nil }
        return relaysAnswered > 0 ? .notFound : .noRelayAnswered
    }

    /// The one-line summary when nothing was found: which of the two cases, and how many relays.
    var missSummary: String? {
        guard let miss else { return nil }
        let asked = update.relays.count
        switch miss {
        case .notFound:
            let failed = asked - relaysAnswered
            return "no verified profile of \(publicKey): \(relaysAnswered) of \(asked) relay(s) answered and had none"
                + (failed > 0 ? " (\(failed) could not be asked)" : "")
        case .noRelayAnswered:
            return "could not ask any relay for \(publicKey): none of the \(asked) relay(s) answered (each relay's reason says why)"
        }
    }

    var json: JSONValue {
        let found = update.profile
        let profile = found?.profile
        var members: [String: JSONValue] = [
            "found": .bool(found != nil),
            "pubkey": .string(publicKey),
            "name": .optional(profile?.name),
            "displayName": .optional(profile?.displayName),
            "picture": .optional(profile?.picture?.absoluteString),
            "custom": .object(profile?.custom ?? [:]),
            "createdAt": found.map { .integer(Int($0.event.createdAt)) } ?? .null,
            "id": .optional(found?.event.id),
            "relay": .optional(found?.relay?.string),
            "firstResultMs": update.firstProfileAfter.map { .number(Self.milliseconds($0)) } ?? .null,
            "totalMs": .number(Self.milliseconds(update.elapsed)),
            "ending": .string(ending),
            "relays": .array(update.relays.map(Self.relayJSON)),
        ]
        if let profile {
            members["about"] = .optional(profile.about)
            members["nip05"] = .optional(profile.nip05)
            members["lud16"] = .optional(profile.lightningAddress)
            members["banner"] = .optional(profile.banner?.absoluteString)
            members["website"] = .optional(profile.website?.absoluteString)
        }
        if let miss, let summary = missSummary {
            members["reason"] = .string(summary)
            members["reasonCode"] = .string(miss.rawValue)
        }
        return .object(members)
    }

    var ending: String {
        if case .finished(let reason) = update.change { return reason.rawValue }
        return "unfinished"
    }

    var text: String {
        var lines: [String] = []
        if let found = update.profile {
            let profile = found.profile
            lines.append("\(profile.preferredName ?? "(no name)")  \(publicKey)")
            if let name = profile.name, name != profile.preferredName { lines.append("  name: \(name)") }
            if let picture = profile.picture { lines.append("  picture: \(picture.absoluteString)") }
            if let about = profile.about { lines.append("  about: \(about.prefix(200))") }
            for key in profile.custom.keys.sorted() {
                let value = profile.custom[key].map { String(decoding: $0.serialized(), as: UTF8.self) } ?? ""
                lines.append("  \(key): \(value.prefix(200))")
            }
            let created = Date(timeIntervalSince1970: TimeInterval(found.event.createdAt))
            lines.append("  created: \(created.formatted(.iso8601)) (event \(found.event.id.prefix(16))…)")
            lines.append("  from \(found.origin.description), first after \(Self.format(update.firstProfileAfter)), final after \(Self.format(update.elapsed)) (\(ending))")
        } else if let summary = missSummary {
            lines.append("\(summary); after \(Self.format(update.elapsed)) (\(ending))")
        }
        for relay in update.relays {
            lines.append("  \(relay.relay.string): \(RelayProgressDisplay.describe(relay))")
        }
        return lines.joined(separator: "\n")
    }

    static func relayJSON(_ report: RelayReport) -> JSONValue {
        var members: [String: JSONValue] = [
            "url": .string(report.relay.string),
            "outcome": .string(report.state.outcome?.name ?? "unfinished"),
            "eventsReceived": .integer(report.eventsReceived),
            "eventsAccepted": .integer(report.eventsAccepted),
            "eventsDropped": .integer(report.eventsDropped),
            "dropped": .object(report.droppedByReason.mapValues { .integer($0) }),
            "connectedMs": report.connectedAfter.map { .number(milliseconds($0)) } ?? .null,
            "finishedMs": report.finishedAfter.map { .number(milliseconds($0)) } ?? .null,
        ]
        if let detail = report.state.outcome?.detail { members["reason"] = .string(detail) }
        if let code = report.state.outcome?.reasonCode { members["reasonCode"] = .string(code.rawValue) }
        if !report.notices.isEmpty { members["notices"] = .array(report.notices.map(JSONValue.string)) }
        return .object(members)
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

@_spi(ClipKitTooling) import ClipKit
import ClipReports
import ClipKitUI
import ClipNostrUI

/// The screen the simulated full app opens: what the onboarding rules of the clip's flows decide,
/// for an app whose own screens the simulator does not know.
package enum SimulatedScreen: Sendable, Equatable, CustomStringConvertible {
    /// Nothing was carried over: the app's usual first screen.
    case standardOnboarding
    /// The driver-share flow's add-driver screen, pre-filled.
    case addDriver(DriverPrefill)
    /// The screen for a claimed handoff: its type and payload, as the app's own type would decode them.
    case handoff(typeName: String, payload: JSONValue)
    /// The screen for a link the app opened itself: the route and its parameters.
    case link(route: String, url: String, parameters: [String: String])

    /// Where the screen's content came from; `nil` for the standard screen.
    package var origin: PrefillOrigin? {
        switch self {
        case .standardOnboarding: return nil
        case .addDriver(let prefill): return prefill.origin
        case .handoff: return .clipHandoff
        case .link: return .invocationURL
        }
    }

    /// A short line for logs and `clipkit simulate`.
    package var description: String {
        switch self {
        case .standardOnboarding:
            return "standard onboarding, nothing pre-filled"
        case .addDriver(let prefill):
            return prefill.description
        case .handoff(let typeName, let payload):
            return "the screen for \(typeName), pre-filled with \(String(decoding: payload.serialized(), as: UTF8.self)) from the clip's handoff"
        case .link(let route, let url, _):
            return "the screen for route '\(route)', opened by the link \(url)"
        }
    }

    /// The details of a step that records this screen.
    var details: [SimulationStep.Detail] {
        switch self {
        case .standardOnboarding:
            return [.init("screen", "standardOnboarding")]
        case .addDriver(let prefill):
            var details = [SimulationStep.Detail("screen", "addDriver"), .init("npub", prefill.npub)]
            if let name = prefill.displayName { details.append(.init("displayName", name)) }
            if let created = prefill.profileCreatedAt { details.append(.init("profileCreatedAt", String(created))) }
            details.append(.init("origin", prefill.origin.rawValue))
            return details
        case .handoff(let typeName, let payload):
            return [
                .init("screen", "handoff"), .init("type", typeName),
                .init("payload", String(decoding: payload.serialized(), as: UTF8.self)), .init("origin", PrefillOrigin.clipHandoff.rawValue),
            ]
        case .link(let route, let url, let parameters):
            var details = [SimulationStep.Detail("screen", "link"), .init("route", route), .init("url", url)]
            for key in parameters.keys.sorted() { details.append(.init(key, parameters[key] ?? "")) }
            details.append(.init("origin", PrefillOrigin.invocationURL.rawValue))
            return details
        }
    }
}

extension SimulatedScreen: Encodable {
    private enum CodingKeys: String, CodingKey {
        case kind, npub, displayName, profileCreatedAt, origin, type, payload, route, url, parameters, description
    }

    /// The description of a screen in a report's schema.
    package static let schema = ReportSchema.object([
        .required("kind", .oneOf(["standardOnboarding", "addDriver", "handoff", "link"])),
        .optional("npub", .string), .optional("displayName", .string), .optional("profileCreatedAt", .integer),
        .optional("origin", .string), .optional("type", .string), .optional("payload", .any),
        .optional("route", .string), .optional("url", .string), .optional("parameters", .dictionary(.string)),
        .required("description", .string),
    ])

    /// The screen as JSON: `kind`, its fields and `description`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .standardOnboarding:
            try container.encode("standardOnboarding", forKey: .kind)
        case .addDriver(let prefill):
            try container.encode("addDriver", forKey: .kind)
            try container.encode(prefill.npub, forKey: .npub)
            try container.encodeIfPresent(prefill.displayName, forKey: .displayName)
            try container.encodeIfPresent(prefill.profileCreatedAt, forKey: .profileCreatedAt)
            try container.encode(prefill.origin.rawValue, forKey: .origin)
        case .handoff(let typeName, let payload):
            try container.encode("handoff", forKey: .kind)
            try container.encode(typeName, forKey: .type)
            try container.encode(EncodedJSON(payload), forKey: .payload)
            try container.encode(PrefillOrigin.clipHandoff.rawValue, forKey: .origin)
        case .link(let route, let url, let parameters):
            try container.encode("link", forKey: .kind)
            try container.encode(route, forKey: .route)
            try container.encode(url, forKey: .url)
            try container.encode(parameters, forKey: .parameters)
            try container.encode(PrefillOrigin.invocationURL.rawValue, forKey: .origin)
        }
        try container.encode(description, forKey: .description)
    }
}

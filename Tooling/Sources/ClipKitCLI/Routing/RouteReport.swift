@_spi(ClipKitTooling) import ClipKit
import ClipReports
import ClipWebBridge

/// What `clipkit route --json` prints: the route a URL matched, with its parameters, or why none did.
package struct RouteReport: CommandReport {
    package static let schemaName = "route"
    package static let commands = "clipkit route"
    package static let members: [ReportMember] = [
        .required("matched", .boolean),
        .optional("route", .string),
        .optional("params", .dictionary(.anyOf([.string, .integer]))),
        .optional("handledBy", .oneOf(["clip", "app"])),
        .optional("pattern", .string),
        .optional("query", .array(.object([.required("name", .string), .optional("value", .string)]))),
        .optional("webContentURL", .string),
        .optional("fragment", .object([.required("kind", .string), .required("length", .integer)])),
        .optional("reason", .string),
    ]

    /// A query item of the matched URL.
    package struct QueryItem: Encodable, Sendable {
        let name: String
        let value: String?
    }

    /// What the route takes from the URL's fragment, and its length in bytes.
    package struct Fragment: Encodable, Sendable {
        let kind: String
        let length: Int
    }

    package let schemaVersion = ReportVersion.current
    package let matched: Bool
    package var route: String?
    /// The route's parameters (captures and the query items it reads), typed: an `integer` is a
    /// JSON number, every other kind a string.
    package var params: EncodedJSON?
    package var handledBy: String?
    package var pattern: String?
    package var query: [QueryItem]?
    package var webContentURL: String?
    package var fragment: Fragment?
    package var reason: String?

    /// The report of `result`, routed by `router`.
    package init(_ result: Result<RouteMatch, RoutingFailure>, router: InvocationRouter) {
        switch result {
        case .success(let match):
            matched = true
            route = match.route
            params = EncodedJSON(match.parametersJSON)
            handledBy = match.handledBy.rawValue
            pattern = match.pattern
            query = match.queryItems.map { QueryItem(name: $0.name, value: $0.value) }
            webContentURL = WebContentURL.url(for: match, in: router)?.absoluteString
            if let text = match.fragment, let kind = router.route(named: match.route)?.fragment {
                // What the route takes from the fragment, and its size; the clip decodes and verifies it.
                fragment = Fragment(kind: kind.rawValue, length: text.utf8.count)
            }
        case .failure(let failure):
            matched = false
            reason = failure.description
        }
    }
}

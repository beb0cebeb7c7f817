extension SourceGenerator {
    /// The match: the route enum's case with the `RouteMatch` it came from, and the match's query,
    /// fragment and URL. Generated into the target rather than shared from ClipKit, so a clip that
    /// does not compile its manifest carries none of it.
    func routeMatch(_ writer: inout SwiftWriter) {
        let route = Self.routeTypeName
        writer.documentation("A link `\(manifestName)` routes: its route as a ``\(route)`` case, and the match it came from.")
        writer.block("\(access) struct \(Self.routeMatchTypeName): Equatable, Sendable {") { writer in
            writer.documentation("The matched route with its typed parameters.")
            writer.line("\(access) let route: \(route)")
            writer.documentation("The match as the router made it: the URL, its query items and fragment, the pattern.")
            writer.line("\(access) let match: RouteMatch")
            writer.line()
            writer.documentation("The typed form of `match`, or `nil` when ``\(route)`` has no case for its route.")
            writer.block("\(access) init?(_ match: RouteMatch) {") { writer in
                writer.line("guard let route = \(route)(match) else { return nil }")
                writer.line("self.route = route")
                writer.line("self.match = match")
            }
            writer.line()
            writer.documentation("The URL's query items, kept as they came.")
            writer.line("\(access) var queryItems: [URLQueryItem] { match.queryItems }")
            writer.documentation("The URL's fragment, when the route accepts one and the URL has one.")
            writer.line("\(access) var fragment: String? { match.fragment }")
            writer.documentation("The URL that was routed.")
            writer.line("\(access) var url: URL { match.url }")
            writer.documentation("Which target handles the route.")
            writer.line("\(access) var handledBy: ClipManifest.Handler { match.handledBy }")
            writer.line()
            writer.documentation("The value of the first query item named `name`, if any.")
            writer.block("\(access) func queryValue(named name: String) -> String? {") { writer in
                writer.line("match.queryValue(named: name)")
            }
        }
    }
}

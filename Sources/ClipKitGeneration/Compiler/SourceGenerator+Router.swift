extension SourceGenerator {
    /// The router: an `InvocationRouter` over the compiled table, answering with the route enum.
    func router(_ writer: inout SwiftWriter) {
        let match = Self.routeMatchTypeName
        let configuration = Self.configurationTypeName
        writer.documentation(
            "Routes links by the route table compiled from `\(manifestName)`: no JSON and no pattern is read at run time,",
            "and every answer (route, parameters, reason for no match) is the one `InvocationRouter` gives for the manifest."
        )
        writer.block("\(access) struct \(Self.routerTypeName): Sendable {") { writer in
            writer.documentation("The router over the compiled table, for the APIs that take an `InvocationRouter`.")
            writer.line("\(access) let router: InvocationRouter")
            writer.line()
            writer.documentation(
                "Builds the router.",
                "",
                "- Parameter parameterKinds: A registry with every kind the routes use (``\(configuration)/parameterKindNames``);",
                "  the default, ``\(configuration)/parameterKinds``, holds all of them but those the app registers itself.",
                "- Throws: `RouterConfigurationError.unknownParameterKind` when `parameterKinds` lacks one of them."
            )
            writer.block("\(access) init(parameterKinds: ParameterKindRegistry = \(configuration).parameterKinds) throws {") { writer in
                writer.line("router = try \(configuration).router(parameterKinds: parameterKinds)")
            }
            writer.line()
            writer.documentation("Routes an invocation URL.")
            writer.block("\(access) func route(_ url: URL) -> Result<\(match), RoutingFailure> {") { writer in
                writer.line("typed(router.route(url))")
            }
            writer.line()
            writer.documentation("Routes a URL given as text, such as one typed on a command line.")
            writer.block("\(access) func route(_ text: String) -> Result<\(match), RoutingFailure> {") { writer in
                writer.line("typed(router.route(text))")
            }
            writer.line()
            writer.documentation("Routes the target content identifier of a notification that relaunched the clip.")
            writer.block("\(access) func route(notificationTargetContentIdentifier identifier: String?) -> Result<\(match), RoutingFailure> {") { writer in
                writer.line("typed(router.route(notificationTargetContentIdentifier: identifier))")
            }
            writer.line()
            writer.documentation(
                "The run-time router's answer with the route as a ``\(Self.routeTypeName)`` case. The router is built from",
                "the same table as the enum, so every match has its case; one without would count as no match."
            )
            writer.block("private func typed(_ result: Result<RouteMatch, RoutingFailure>) -> Result<\(match), RoutingFailure> {") { writer in
                writer.block("result.flatMap { match in") { writer in
                    writer.line("\(match)(match).map { .success($0) } ?? .failure(.noPatternMatches(path: match.url.path))")
                }
            }
        }
    }
}

import ClipKit

/// Writes the Swift for a checked manifest: the route enum, the router over the compiled route
/// table, and the configuration (constants, the manifest value, the runtime).
struct SourceGenerator {
    /// The name of the generated route enum.
    static let routeTypeName = "ClipRoute"
    /// The name of the generated match: the route enum's case with the match it came from.
    static let routeMatchTypeName = "ClipRouteMatch"
    /// The name of the generated router.
    static let routerTypeName = "ClipRouter"
    /// The name of the generated configuration namespace.
    static let configurationTypeName = "ClipConfiguration"

    /// One route with its patterns parsed.
    struct Route {
        let definition: ClipManifest.RouteDefinition
        let patterns: [RoutePattern]

        /// The captures in path order, as the first pattern has them (every pattern of a route
        /// captures the same names).
        var captureNames: [String] { patterns.first?.captureNames ?? [] }

        /// The query items the route reads, in name order.
        var queryNames: [String] { definition.query.keys.sorted() }

        /// The route's parameters in the order of the enum case's values: the captures in path
        /// order, then the query items in name order.
        var parameterNames: [String] { captureNames + queryNames }

        /// Whether parameter `name` may be absent: an optional query item.
        func isOptional(_ name: String) -> Bool {
            definition.query[name].map { !$0.isRequired } ?? false
        }

        /// The kind of parameter `name`: a query item's kind, a capture's `params` entry, or `string`.
        func kindName(of name: String) -> String {
            definition.query[name]?.kind ?? definition.params[name] ?? ParameterKind.string.name
        }
    }

    let manifest: ClipManifest
    let routes: [Route]
    /// The handoff types written as Swift types.
    let payloadTypes: [PayloadType]
    let configuration: GenerationConfiguration
    /// The file name the header names, such as `clipkit.json`.
    let manifestName: String

    /// The access modifier written before each declaration.
    var access: String { configuration.accessLevel.rawValue }

    /// The kinds from the package's other modules that the routes use, in name order.
    var moduleKinds: [ModuleParameterKind] {
        ModuleParameterKind.known.filter { kind in
            routes.contains { route in route.parameterNames.contains { route.kindName(of: $0) == kind.name } }
        }
    }

    /// Every kind the routes use, in name order.
    var kindNames: [String] {
        Set(routes.flatMap { route in route.parameterNames.map(route.kindName) }).sorted()
    }

    /// The whole file.
    func source() -> String {
        var writer = SwiftWriter()
        header(&writer)
        routeEnum(&writer)
        writer.line()
        routeNames(&writer)
        writer.line()
        payloadTypes(&writer)
        routeMatch(&writer)
        writer.line()
        router(&writer)
        writer.line()
        configurationNamespace(&writer)
        return writer.text
    }

    private func header(_ writer: inout SwiftWriter) {
        writer.line("// Generated from \(manifestName) by ClipKit's manifest plugin (or `clipkit generate swift`).")
        writer.line("// Do not edit: change \(manifestName) and build again.")
        writer.line()
        writer.line("import ClipKit")
        writer.line("import Foundation")
        let modules = Set(moduleKinds.map(\.module)).sorted()
        for module in modules {
            let names = moduleKinds.filter { $0.module == module }.map(\.name).joined(separator: ", ")
            writer.line("#if canImport(\(module))")
            writer.line("import \(module)")
            writer.line("#else")
            writer.line("#error(\(SwiftLiteral.string("\(manifestName) routes use \(module)'s parameter kinds (\(names)): add the \(module) product of the ClipKit package to this target's dependencies")))")
            writer.line("#endif")
        }
        writer.line()
    }

    /// The Swift type of a parameter of kind `kind`.
    static func swiftType(ofKind kind: String) -> String {
        switch kind {
        case ParameterKind.integer.name: return "Int"
        case ParameterKind.uuid.name: return "UUID"
        default: return "String"
        }
    }

    /// The expression that turns `parameter` of `match` into its Swift type, optional.
    static func conversion(of parameter: String, kind: String) -> String {
        let raw = "match.parameters[\(SwiftLiteral.string(parameter))]"
        switch swiftType(ofKind: kind) {
        case "Int": return raw + ".flatMap({ Int($0) })"
        case "UUID": return raw + ".flatMap({ UUID(uuidString: $0) })"
        default: return raw
        }
    }
}

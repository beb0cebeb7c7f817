import ClipKit

extension SourceGenerator {
    /// The route enum: a case per route with its captures as labeled values, a failable
    /// initializer from a match, and the route's name.
    func routeEnum(_ writer: inout SwiftWriter) {
        let type = Self.routeTypeName
        writer.documentation(
            "The links `\(manifestName)` routes: one case per route, with the route's parameters.",
            "",
            "Route a link with ``\(Self.routerTypeName)``, or take the case of a match from any router built from",
            "the same manifest with ``init(_:)``."
        )
        writer.block("\(access) enum \(type): Hashable, Sendable {") { writer in
            for route in routes {
                let definition = route.definition
                let patterns = definition.patterns.map { "`\($0)`" }.joined(separator: ", ")
                writer.documentation("\(patterns), handled by the \(definition.handledBy.rawValue).")
                if !route.parameterNames.isEmpty {
                    writer.documentation("")
                    writer.documentation("Parameters, each checked and normalized by its kind:")
                    for name in route.captureNames {
                        writer.documentation("- \(name): `\(route.kindName(of: name))`")
                    }
                    for name in route.queryNames {
                        let presence = route.isOptional(name) ? "optional" : "required"
                        writer.documentation("- \(name): `\(route.kindName(of: name))`, query item, \(presence)")
                    }
                }
                let values = route.parameterNames.map { name in
                    SwiftIdentifier.escaped(name) + ": " + Self.swiftType(ofKind: route.kindName(of: name)) + (route.isOptional(name) ? "?" : "")
                }
                let associated = values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")"
                writer.line("case \(SwiftIdentifier.escaped(definition.name))\(associated)")
            }
            writer.line()
            writer.documentation(
                "The case for `match`, or `nil` when `match` comes from a router built from another manifest."
            )
            writer.block("\(access) init?(_ match: RouteMatch) {") { writer in
                writer.switchBlock("match.route") { writer in
                    for route in routes {
                        writer.line("case \(SwiftLiteral.string(route.definition.name)):")
                        writer.indented { initializerBody(for: route, &$0) }
                    }
                    writer.line("default:")
                    writer.indented { $0.line("return nil") }
                }
            }
            writer.line()
            writer.documentation("The route's name in `\(manifestName)`.")
            writer.block("\(access) var routeName: String {") { writer in
                writer.switchBlock("self") { writer in
                    for route in routes {
                        let name = route.definition.name
                        writer.line("case .\(SwiftIdentifier.escaped(name)): return \(SwiftLiteral.string(name))")
                    }
                }
            }
        }
    }

    /// The lines of one `case` of the initializer's switch.
    private func initializerBody(for route: Route, _ writer: inout SwiftWriter) {
        let name = SwiftIdentifier.escaped(route.definition.name)
        let parameters = route.parameterNames
        if parameters.isEmpty {
            writer.line("self = .\(name)")
        } else {
            // An optional query item is read as it is, absent or not; every other value must convert.
            let bindings = parameters.enumerated().filter { !route.isOptional($0.element) }.map { index, parameter in
                "let value\(index) = " + Self.conversion(of: parameter, kind: route.kindName(of: parameter))
            }
            if !bindings.isEmpty { writer.line("guard " + bindings.joined(separator: ", ") + " else { return nil }") }
            let arguments = parameters.enumerated().map { index, parameter in
                SwiftIdentifier.argumentLabel(parameter) + ": "
                    + (route.isOptional(parameter) ? Self.conversion(of: parameter, kind: route.kindName(of: parameter)) : "value\(index)")
            }
            writer.line("self = .\(name)(" + arguments.joined(separator: ", ") + ")")
        }
    }
}

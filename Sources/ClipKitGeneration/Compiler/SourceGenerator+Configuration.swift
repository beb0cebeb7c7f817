@_spi(ClipKitTooling) import ClipKit

extension SourceGenerator {
    /// The configuration: the manifest's constants, the manifest value, the kinds, the compiled
    /// route table and the runtime.
    func configurationNamespace(_ writer: inout SwiftWriter) {
        writer.documentation(
            "`\(manifestName)` compiled into Swift: its identifiers and settings, the manifest value and the route table,",
            "so a clip reads and checks no JSON at run time."
        )
        writer.block("\(access) enum \(Self.configurationTypeName) {") { writer in
            constants(&writer)
            kinds(&writer)
            writer.line()
            writer.documentation("The manifest as `ManifestLoader` reads it, built in code: for the APIs that take a `ClipManifest`.")
            manifestValue(&writer)
            writer.line()
            routeTable(&writer)
            writer.line()
            runtime(&writer)
        }
        writer.line()
        writer.line("#if canImport(Darwin)")
        writer.documentation(
            "The generated configuration is where the clip's runtime comes from: pass `\(Self.configurationTypeName).self` to",
            "`ClipSessionView`, a session's `init(configuration:)` or `OnboardingResolver.launch(openedBy:configuration:)`."
        )
        writer.line("extension \(Self.configurationTypeName): ClipRuntimeSource {}")
        writer.line("#endif")
    }

    private func constants(_ writer: inout SwiftWriter) {
        func constant(_ documentation: String, _ name: String, _ type: String, _ value: String) {
            writer.documentation(documentation)
            writer.line("\(access) static let \(name): \(type) = \(value)")
        }
        constant("The Apple Developer team identifier (`teamID`).", "teamID", "String", SwiftLiteral.string(manifest.teamID))
        constant("The full app's bundle identifier (`app.bundleID`).", "appBundleID", "String", SwiftLiteral.string(manifest.app.bundleID))
        constant("The full app's App Store identifier (`app.appStoreID`).", "appStoreID", "String", SwiftLiteral.string(manifest.app.appStoreID))
        constant("The clip's bundle identifier (`clip.bundleID`).", "clipBundleID", "String", SwiftLiteral.string(manifest.clip.bundleID))
        constant("The App Group the clip and the app share (`appGroup`).", "appGroup", "String", SwiftLiteral.string(manifest.appGroup))
        constant("The link domains (`domains`).", "domains", "[String]", SwiftLiteral.strings(manifest.domains))
        constant(
            "The Nostr relays profiles are fetched from (`nostr.relays`); empty when the manifest lists none.",
            "relays", "[String]", SwiftLiteral.strings(manifest.nostr?.relays ?? [])
        )
        constant("Seconds an offered handoff stays claimable (`handoff.ttlSeconds`).", "handoffLifetimeSeconds", "Int", String(manifest.handoff.ttlSeconds))
        constant(
            "The handoff payload type names (`handoff.types`), which each payload's `handoffTypeName` matches.",
            "handoffTypeNames", "[String]", SwiftLiteral.strings(manifest.handoff.types.map(\.name))
        )
        constant("The keys web content in the clip may store (`handoff.webBridgeKeys`).", "webBridgeKeys", "[String]", SwiftLiteral.strings(manifest.handoff.webBridgeKeys))
    }

    private func kinds(_ writer: inout SwiftWriter) {
        writer.documentation("Every parameter kind the routes use.")
        writer.line("\(access) static let parameterKindNames: [String] = \(SwiftLiteral.strings(kindNames))")
        let own = kindNames.filter { name in
            ParameterKindRegistry.standard.kind(named: name) == nil && ModuleParameterKind.named(name) == nil
        }
        let modules = moduleKinds.map { "`\($0.name)` (\($0.module))" }
        writer.documentation(
            modules.isEmpty
                ? "ClipKit's standard parameter kinds."
                : "ClipKit's standard parameter kinds and those the routes use from the package's other modules: \(modules.joined(separator: ", "))."
        )
        if !own.isEmpty {
            writer.documentation(
                "",
                "The routes also use kinds the app registers itself (\(own.joined(separator: ", "))): pass",
                "`parameterKinds.registering(…)` with each of them to the router."
            )
        }
        var registry = "ParameterKindRegistry.standard"
        for kind in moduleKinds { registry += ".registering(\(kind.expression))" }
        writer.line("\(access) static let parameterKinds: ParameterKindRegistry = \(registry)")
    }

    private func manifestValue(_ writer: inout SwiftWriter) {
        // With places the value is built in a closure that sets them after the initializer.
        let places = !manifest.places.isEmpty
        writer.line("\(access) static let manifest: ClipManifest = " + (places ? "{" : "ClipManifest("))
        var body = SwiftWriter()
        if places { body.line("var manifest = ClipManifest(") }
        body.indented { body in
            body.line("teamID: teamID,")
            body.line("app: ClipManifest.AppTarget(bundleID: appBundleID, appStoreID: appStoreID, name: \(SwiftLiteral.optionalString(manifest.app.name))),")
            let clip = manifest.clip
            let invocations = "[" + clip.invocations.map { "." + $0.rawValue }.joined(separator: ", ") + "]"
            body.block("clip: ClipManifest.ClipTarget(", closing: "),") { body in
                body.line("bundleID: clipBundleID, minimumIOS: \(SwiftLiteral.string(clip.minimumIOS)), invocations: \(invocations),")
                let notificationRoutes = clip.notificationRoutes.isEmpty ? "" : ", notificationRoutes: \(SwiftLiteral.strings(clip.notificationRoutes))"
                let demoLinks = clip.demoLinks.isEmpty ? "" : ", demoLinks: \(SwiftLiteral.strings(clip.demoLinks))"
                body.line("requestsLocationConfirmation: \(clip.requestsLocationConfirmation), requestsEphemeralNotifications: \(clip.requestsEphemeralNotifications)\(notificationRoutes)\(demoLinks)")
            }
            body.line("appGroup: appGroup,")
            body.line("domains: domains,")
            body.block("routes: [", closing: "],") { body in
                for route in routes {
                    let definition = route.definition
                    body.block("ClipManifest.RouteDefinition(", closing: "),") { body in
                        body.line("name: \(SwiftLiteral.string(definition.name)), patterns: \(SwiftLiteral.strings(definition.patterns)), handledBy: .\(definition.handledBy.rawValue),")
                        body.line("params: \(SwiftLiteral.dictionary(definition.params)), webContentQuery: \(definition.webContentQuery.map(SwiftLiteral.dictionary) ?? "nil"),")
                        let extras = Self.queryAndRanges(of: definition)
                        body.line("fragment: \(definition.fragment.map { "." + $0.rawValue } ?? "nil"), headerImage: \(SwiftLiteral.optionalString(definition.headerImage)), handoffType: \(SwiftLiteral.optionalString(definition.handoffType))" + (extras.isEmpty ? "" : ","))
                        if !extras.isEmpty { body.line(extras) }
                    }
                }
            }
            body.block("handoff: ClipManifest.HandoffSettings(", closing: "),") { body in
                body.line("ttlSeconds: handoffLifetimeSeconds, webBridgeKeys: webBridgeKeys,")
                body.block("types: [", closing: "]") { body in
                    for type in manifest.handoff.types {
                        let optional = type.optionalMembers.map(SwiftLiteral.strings) ?? "nil"
                        let kinds = type.memberKinds.isEmpty ? "" : ", memberKinds: \(SwiftLiteral.dictionary(type.memberKinds))"
                        let secret = type.isSecret ? ", isSecret: true" : ""
                        body.line("ClipManifest.HandoffType(name: \(SwiftLiteral.string(type.name)), requiredMembers: \(SwiftLiteral.strings(type.requiredMembers)), optionalMembers: \(optional)\(kinds)\(secret)),")
                    }
                }
            }
            body.line("nostr: \(manifest.nostr == nil ? "nil" : "ClipManifest.NostrSettings(relays: relays)")")
        }
        if places {
            body.line(")")
            body.block("manifest.places = [", closing: "]") { body in
                for place in manifest.places {
                    body.block("ClipManifest.Place(", closing: "),") { body in
                        body.line("name: \(SwiftLiteral.string(place.name)), url: \(SwiftLiteral.string(place.url)),")
                        body.line("latitude: \(SwiftLiteral.double(place.latitude)), longitude: \(SwiftLiteral.double(place.longitude)),")
                        let radius = place.radius.map { ", radius: " + SwiftLiteral.double($0) } ?? ""
                        body.line("mapAction: \(SwiftLiteral.string(place.mapAction)), headerImage: \(SwiftLiteral.optionalString(place.headerImage))\(radius)")
                    }
                }
            }
            body.line("return manifest")
        }
        writer.indented { writer in
            for content in body.text.split(separator: "\n") { writer.line(String(content)) }
        }
        writer.line(places ? "}()" : ")")
    }

    private func routeTable(_ writer: inout SwiftWriter) {
        let configuration = Self.configurationTypeName
        writer.documentation(
            "The router over the route table compiled from `\(manifestName)`: the patterns parsed at build time,",
            "each parameter's kind looked up in `kinds`.",
            "",
            "- Throws: `RouterConfigurationError.unknownParameterKind` when `kinds` lacks a kind a route uses."
        )
        writer.block("\(access) static func router(parameterKinds kinds: ParameterKindRegistry = \(configuration).parameterKinds) throws -> InvocationRouter {") { writer in
            writer.line("var routes: [InvocationRouter.CompiledRoute] = []")
            for route in routes {
                let definition = route.definition
                let name = SwiftLiteral.string(definition.name)
                let captures = Set(route.patterns.flatMap(\.captureNames)).sorted()
                // Only a route with captures or query items looks kinds up, which may throw.
                let call = captures.isEmpty && route.queryNames.isEmpty ? "InvocationRouter.CompiledRoute(" : "try InvocationRouter.CompiledRoute("
                writer.block("routes.append(" + call, closing: "))") { writer in
                    writer.line("name: \(name), handledBy: .\(definition.handledBy.rawValue),")
                    writer.block("patterns: [", closing: "],") { writer in
                        for pattern in route.patterns {
                            let segments = pattern.segments.map { segment -> String in
                                switch segment {
                                case .literal(let text): return ".literal(\(SwiftLiteral.string(text)))"
                                case .capture(let capture): return ".capture(\(SwiftLiteral.string(capture)))"
                                }
                            }
                            writer.line("RoutePattern(host: \(SwiftLiteral.string(pattern.host)), segments: [\(segments.joined(separator: ", "))], source: \(SwiftLiteral.string(pattern.source))),")
                        }
                    }
                    if captures.isEmpty {
                        writer.line("parameterKinds: [:],")
                    } else {
                        writer.block("parameterKinds: [", closing: "],") { writer in
                            for capture in captures {
                                let kind = SwiftLiteral.string(route.kindName(of: capture))
                                let parameter = SwiftLiteral.string(capture)
                                writer.line("\(parameter): kinds.kind(named: \(kind), forParameter: \(parameter), ofRoute: \(name))\(Self.limit(of: capture, in: definition)),")
                            }
                        }
                    }
                    let query = definition.webContentQuery.map(SwiftLiteral.dictionary) ?? "nil"
                    let fragment = definition.fragment.map { "." + $0.rawValue } ?? "nil"
                    let items = route.queryNames
                    let more = !items.isEmpty || definition.opensDefaultLink
                    writer.line("webContentQuery: \(query), fragment: \(fragment), handoffType: \(SwiftLiteral.optionalString(definition.handoffType))" + (more ? "," : ""))
                    if !items.isEmpty {
                        writer.block("queryKinds: [", closing: "],") { writer in
                            for item in items {
                                let kind = SwiftLiteral.string(route.kindName(of: item))
                                let parameter = SwiftLiteral.string(item)
                                writer.line("\(parameter): kinds.kind(named: \(kind), forParameter: \(parameter), ofRoute: \(name))\(Self.limit(of: item, in: definition)),")
                            }
                        }
                        let required = items.filter { definition.query[$0]?.isRequired == true }
                        writer.line("requiredQueryItems: \(required.isEmpty ? "[]" : SwiftLiteral.strings(required))" + (definition.opensDefaultLink ? "," : ""))
                    }
                    if definition.opensDefaultLink { writer.line("opensDefaultLink: true") }
                }
            }
            let clipBundleID = routes.contains { $0.definition.opensDefaultLink } ? ", clipBundleID: clipBundleID" : ""
            let demoLinks = manifest.clip.demoLinks.isEmpty ? "" : ", demoLinks: \(SwiftLiteral.strings(manifest.clip.demoLinks))"
            writer.line("return InvocationRouter(compiledRoutes: routes\(clipBundleID)\(demoLinks))")
        }
    }

    /// `.limited(to: …)` for a parameter with a range, or nothing.
    static func limit(of parameter: String, in definition: ClipManifest.RouteDefinition) -> String {
        guard let range = definition.ranges[parameter] else { return "" }
        return ".limited(to: \(rangeLiteral(range)))"
    }

    /// A range as Swift source.
    static func rangeLiteral(_ range: ClipManifest.IntegerRange) -> String {
        let bounds = [range.minimum.map { "minimum: \($0)" }, range.maximum.map { "maximum: \($0)" }].compactMap { $0 }
        return "ClipManifest.IntegerRange(" + bounds.joined(separator: ", ") + ")"
    }

    /// The `query:` and `ranges:` arguments of a route definition, or an empty string when it has neither.
    static func queryAndRanges(of definition: ClipManifest.RouteDefinition) -> String {
        var arguments: [String] = []
        if !definition.query.isEmpty {
            let items = definition.query.keys.sorted().compactMap { name in
                definition.query[name].map { "\(SwiftLiteral.string(name)): ClipManifest.QueryItem(kind: \(SwiftLiteral.string($0.kind)), isRequired: \($0.isRequired))" }
            }
            arguments.append("query: [" + items.joined(separator: ", ") + "]")
        }
        if !definition.ranges.isEmpty {
            let ranges = definition.ranges.keys.sorted().compactMap { name in
                definition.ranges[name].map { "\(SwiftLiteral.string(name)): \(rangeLiteral($0))" }
            }
            arguments.append("ranges: [" + ranges.joined(separator: ", ") + "]")
        }
        if definition.opensDefaultLink { arguments.append("opensDefaultLink: true") }
        return arguments.joined(separator: ", ")
    }

    private func runtime(_ writer: inout SwiftWriter) {
        let configuration = Self.configurationTypeName
        writer.documentation(
            "The clip's (or the app's) runtime in `container`: the manifest value, the compiled router and the",
            "App Group's handoff store, for the sessions of ClipKitUI and the flow modules.",
            "",
            "- Throws: `ClipSetupError` naming the part that could not be built and what to do."
        )
        writer.block("\(access) static func runtime(container: AppGroupContainer, parameterKinds kinds: ParameterKindRegistry = \(configuration).parameterKinds) throws -> ClipRuntime {") { writer in
            writer.line("let router: InvocationRouter")
            writer.line("do {")
            writer.indented { $0.line("router = try self.router(parameterKinds: kinds)") }
            writer.line("} catch let error as RouterConfigurationError {")
            writer.indented { $0.line("throw ClipSetupError.router(error)") }
            writer.line("}")
            writer.line("return try ClipRuntime(manifest: manifest, router: router, container: container, parameterKinds: kinds)")
        }
        writer.line()
        writer.line("#if canImport(Darwin)")
        writer.documentation(
            "The runtime in the system's container of the App Group, as ClipManifestReader's `ClipRuntime.fromBundle()`",
            "builds it from a bundled manifest, without reading one.",
            "",
            "- Throws: `ClipSetupError` naming the part that could not be built and what to do."
        )
        writer.block("\(access) static func runtime(parameterKinds kinds: ParameterKindRegistry = \(configuration).parameterKinds) throws -> ClipRuntime {") { writer in
            writer.line("let container: AppGroupContainer")
            writer.line("do {")
            writer.indented { $0.line("container = try AppGroupContainer.system(manifest: manifest)") }
            writer.line("} catch let error as AppGroupContainerError {")
            writer.indented { $0.line("throw ClipSetupError.appGroup(error)") }
            writer.line("}")
            writer.line("return try runtime(container: container, parameterKinds: kinds)")
        }
        writer.line("#endif")
    }
}

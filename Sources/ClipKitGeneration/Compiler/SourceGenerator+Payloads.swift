import ClipKit

extension SourceGenerator {
    /// A handoff type the generator writes as a Swift type.
    struct PayloadType {
        /// The type as the manifest lists it, with its members' kinds.
        let type: ClipManifest.HandoffType
        /// The Swift type's name: `EventHandoff` for `com.acme.event`, or the plugin configuration's.
        let swiftName: String

        /// The members in the manifest's order, required ones first, each with its kind.
        var members: [(name: String, kind: String, required: Bool)] {
            type.requiredMembers.map { ($0, type.memberKinds[$0] ?? "", true) }
                + (type.optionalMembers ?? []).map { ($0, type.memberKinds[$0] ?? "", false) }
        }
    }

    /// Handoff types a module of the package already declares as a Swift type, which the generator
    /// leaves to that module: ClipNostrUI's `DriverHandoff` is `clipkit.driver`.
    static let moduleHandoffTypes: [String: String] = ["clipkit.driver": "DriverHandoff (ClipNostrUI)"]

    /// The handoff types written as Swift types, and what keeps the others from being one.
    ///
    /// A type is written when it lists its members (`optional` given, so no other member can
    /// appear), each member has a kind and a name Swift can use, and no module of the package
    /// declares it. Two types may not get the same Swift name, nor one of the generated declarations'.
    static func payloadTypes(
        of manifest: ClipManifest, configuration: GenerationConfiguration
    ) -> (types: [PayloadType], problems: [(path: String, message: String)]) {
        var types: [PayloadType] = []
        var problems: [(path: String, message: String)] = []
        var taken: [String: String] = [:]
        for name in [routeTypeName, routeMatchTypeName, routerTypeName, configurationTypeName] { taken[name] = "the generated \(name)" }
        for (index, type) in manifest.handoff.types.enumerated() {
            guard moduleHandoffTypes[type.name] == nil, type.optionalMembers != nil else { continue }
            let listed = type.requiredMembers + (type.optionalMembers ?? [])
            guard !listed.isEmpty, listed.allSatisfy({ type.memberKinds[$0] != nil && RoutePattern.isIdentifier($0) && !Self.unusableMemberNames.contains($0) }) else {
                continue
            }
            let chosen = configuration.payloadTypeNames[type.name]
            guard let swiftName = chosen ?? derivedName(of: type.name) else {
                problems.append(("$.handoff.types[\(index)].name", "'\(type.name)' gives no Swift type name; name it in \(GenerationConfiguration.fileName): {\"payloadTypeNames\": {\"\(type.name)\": \"EventHandoff\"}}"))
                continue
            }
            if let owner = taken[swiftName] {
                problems.append(("$.handoff.types[\(index)].name", "the Swift type for '\(type.name)' would be named \(swiftName), like \(owner); name it in \(GenerationConfiguration.fileName): {\"payloadTypeNames\": {\"\(type.name)\": \"…\"}}"))
                continue
            }
            taken[swiftName] = "the payload type of '\(type.name)'"
            types.append(PayloadType(type: type, swiftName: swiftName))
        }
        return (types, problems)
    }

    /// `EventHandoff` for `com.acme.event`, `TicketSaleHandoff` for `com.acme.ticket-sale`: the last
    /// part of the name in upper camel case, then `Handoff`; `nil` when that is no Swift name.
    static func derivedName(of typeName: String) -> String? {
        let last = typeName.split(separator: ".").last.map(String.init) ?? typeName
        var result = ""
        var upper = true
        for character in last {
            if character == "-" || character == "_" {
                upper = true
            } else {
                result += upper ? character.uppercased() : String(character)
                upper = false
            }
        }
        let name = result + "Handoff"
        return RoutePattern.isIdentifier(name) ? name : nil
    }

    /// The Swift type of a payload member of kind `kind`.
    static func swiftType(ofMemberKind kind: String) -> String {
        switch kind {
        case "number": return "Double"
        case "boolean": return "Bool"
        default: return swiftType(ofKind: kind)
        }
    }

    /// The payload types: one struct per handoff type, with its members typed by their kinds.
    func payloadTypes(_ writer: inout SwiftWriter) {
        for payload in payloadTypes {
            let type = payload.type
            writer.documentation(
                "A `\(type.name)` payload, as `handoff.types` in `\(manifestName)` describes it: what the clip hands off and",
                "the app claims. A route capture is the same Swift type here as in ``\(Self.routeTypeName)``."
            )
            writer.block("\(access) struct \(payload.swiftName): HandoffPayload, Hashable {") { writer in
                writer.documentation("The type name the handoff envelope carries.")
                writer.line("\(access) static let handoffTypeName = \(SwiftLiteral.string(type.name))")
                var parameters: [String] = []
                for member in payload.members {
                    let swiftType = Self.swiftType(ofMemberKind: member.kind) + (member.required ? "" : "?")
                    writer.documentation("`\(member.name)`: \(member.kind), \(member.required ? "required" : "optional").")
                    writer.line("\(access) var \(SwiftIdentifier.escaped(member.name)): \(swiftType)")
                    parameters.append(SwiftIdentifier.argumentLabel(member.name) + ": " + swiftType + (member.required ? "" : " = nil"))
                }
                writer.line()
                writer.documentation("Creates a payload.")
                writer.block("\(access) init(\(parameters.joined(separator: ", "))) {") { writer in
                    for member in payload.members {
                        writer.line("self.\(SwiftIdentifier.escaped(member.name)) = \(SwiftIdentifier.escaped(member.name))")
                    }
                }
            }
            writer.line()
        }
    }

    /// The routes' typed identifiers: a static member of ClipKit's `RouteName` per route, so app
    /// code writes `[.table, .store]` and a route that is not in the manifest does not compile.
    func routeNames(_ writer: inout SwiftWriter) {
        writer.documentation("The routes of `\(manifestName)`, as typed identifiers (`OnboardingRule.payload(_:routes:_:)` takes them).")
        writer.block("extension RouteName {") { writer in
            for route in routes where !Self.routeNameMembers.contains(route.definition.name) {
                let name = route.definition.name
                writer.documentation("The route `\(name)`.")
                writer.line("\(access) static let \(SwiftIdentifier.escaped(name)) = RouteName(\(SwiftLiteral.string(name)))")
            }
        }
    }

    /// Member names a generated payload type cannot have as properties: its type name's, and `self`,
    /// which as the initializer's parameter would hide the instance.
    static let unusableMemberNames: Set<String> = ["handoffTypeName", "self", "Type", "Protocol"]

    /// `RouteName`'s own members, which no route's identifier can be.
    static let routeNameMembers: Set<String> = ["rawValue", "description", "init", "self", "Type", "Protocol"]
}

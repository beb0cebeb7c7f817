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

    /// The handoff types written as Swift types, what keeps a type from being written (errors), and
    /// each type that is left without one and why (warnings).
    ///
    /// Every handoff type is written, with its required members and its `optional` ones (none when
    /// `optional` is left out), unless a module of the package declares it, the configuration lists it
    /// in ``GenerationConfiguration/appPayloadTypes``, or one of its members has no kind or a name
    /// Swift cannot use: then a warning at that member's JSON path says so. Two types may not get the
    /// same Swift name, nor one of the generated declarations'.
    static func payloadTypes(
        of manifest: ClipManifest, configuration: GenerationConfiguration
    ) -> (types: [PayloadType], problems: [(path: String, message: String)], warnings: [(path: String, message: String)]) {
        var types: [PayloadType] = []
        var problems: [(path: String, message: String)] = []
        var warnings: [(path: String, message: String)] = []
        var taken: [String: String] = [:]
        for name in [routeTypeName, routeMatchTypeName, routerTypeName, configurationTypeName] { taken[name] = "the generated \(name)" }
        for (index, type) in manifest.handoff.types.enumerated() {
            guard moduleHandoffTypes[type.name] == nil, !configuration.appPayloadTypes.contains(type.name) else { continue }
            let path = "$.handoff.types[\(index)]"
            let listed =
                type.requiredMembers.enumerated().map { ("\(path).required[\($0.offset)]", $0.element) }
                + (type.optionalMembers ?? []).enumerated().map { ("\(path).optional[\($0.offset)]", $0.element) }
            let unwritable = listed.compactMap { memberPath, member in
                unwritableMemberReason(member, of: type).map { (memberPath, $0) }
            }
            guard unwritable.isEmpty else {
                for (memberPath, reason) in unwritable {
                    warnings.append((
                        memberPath,
                        "handoff type '\(type.name)' gets no Swift type: \(reason); or, when the app declares the type itself, list it in \(GenerationConfiguration.fileName): {\"appPayloadTypes\": [\"\(type.name)\"]}"
                    ))
                }
                continue
            }
            let chosen = configuration.payloadTypeNames[type.name]
            guard let swiftName = chosen ?? derivedName(of: type.name) else {
                problems.append(("\(path).name", "'\(type.name)' gives no Swift type name; name it in \(GenerationConfiguration.fileName): {\"payloadTypeNames\": {\"\(type.name)\": \"EventHandoff\"}}"))
                continue
            }
            if let owner = taken[swiftName] {
                problems.append(("\(path).name", "the Swift type for '\(type.name)' would be named \(swiftName), like \(owner); name it in \(GenerationConfiguration.fileName): {\"payloadTypeNames\": {\"\(type.name)\": \"…\"}}"))
                continue
            }
            taken[swiftName] = "the payload type of '\(type.name)'"
            types.append(PayloadType(type: type, swiftName: swiftName))
        }
        return (types, problems, warnings)
    }

    /// Why member `member` of `type` cannot be a property of the generated type, and what to do;
    /// `nil` when it can.
    static func unwritableMemberReason(_ member: String, of type: ClipManifest.HandoffType) -> String? {
        if !RoutePattern.isIdentifier(member) || unusableMemberNames.contains(member) {
            return "member '\(member.prefix(64))' cannot name a Swift property; rename it to a letter, then letters, digits or '_'"
        }
        if type.memberKinds[member] == nil {
            return "member '\(member)' has no kind; declare one: {\"kinds\": {\"\(member)\": \"string\"}}"
        }
        return nil
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

extension ClipManifest {
    /// A handoff payload type the clip and the app agree on, as `handoff.types` lists it.
    ///
    /// ```json
    /// { "name": "com.acme.event", "required": ["eventID"], "optional": ["seat"], "kinds": { "seat": "string" } }
    /// ```
    ///
    /// The payload is a JSON object that has every ``requiredMembers`` member (and not as `null`).
    /// When ``optionalMembers`` is given, the payload has no member outside the two lists; when it
    /// is left out, other members are allowed. A member with a kind (``memberKinds``) holds a value of
    /// that kind: a JSON number for `integer` and `number`, `true` or `false` for `boolean`, and a
    /// string that passes the parameter kind's check for the others (`string`, `uuid`, `slug`,
    /// `npub`, the app's own). A member named like a capture of a route that hands off this type
    /// takes that capture's kind unless `kinds` declares one, so `{"eventID": 42}` is what a link to
    /// `https://tickets.acme.com/e/42` hands off when the route says `"eventID": "integer"`.
    public struct HandoffType: Sendable, Equatable {
        /// The payload's type name, as the envelope carries it (``HandoffPayload/handoffTypeName``).
        public var name: String
        /// Members every payload of this type has.
        public var requiredMembers: [String]
        /// Members a payload may have besides the required ones; `nil` allows any other member.
        public var optionalMembers: [String]?
        /// The kind of each member that has one, by member name: declared in `kinds`, or taken from
        /// the route capture of the same name. A member without a kind may hold any JSON value.
        public var memberKinds: [String: String]
        /// Whether payloads of this type are secrets (`"secret": true`: a session token, an order
        /// secret): they cross the install through the keychain handoff, never the App Group, which
        /// every target in the group can read. ``HandoffStore`` refuses to offer a secret type.
        public var isSecret: Bool

        /// Creates a handoff type.
        public init(
            name: String, requiredMembers: [String] = [], optionalMembers: [String]? = nil, memberKinds: [String: String] = [:],
            isSecret: Bool = false
        ) {
            self.name = name
            self.requiredMembers = requiredMembers
            self.optionalMembers = optionalMembers
            self.memberKinds = memberKinds
            self.isSecret = isSecret
        }

        /// What keeps `payload` from being a payload of this type, or `nil` when it is one.
        ///
        /// - Parameters:
        ///   - payload: The payload JSON.
        ///   - parameterKinds: The kinds whose checks run on string members; a kind not registered
        ///     there (the app's own) checks only that the member is a string.
        public func problem(with payload: JSONValue, parameterKinds: ParameterKindRegistry = .standard) -> String? {
            guard let members = payload.objectValue else {
                return "a '\(name)' payload is a JSON object; found \(payload.typeDescription)"
            }
            let missing = requiredMembers.filter { members[$0] == nil || members[$0] == .null }
            if !missing.isEmpty {
                let list = missing.map { "'\($0)'" }.joined(separator: ", ")
                return "a '\(name)' payload needs \(list) (handoff.types in clipkit.json says so)"
            }
            if let optionalMembers {
                let allowed = Set(requiredMembers + optionalMembers)
                if let unexpected = UnexpectedMember.first(among: Array(members.keys), allowed: allowed) {
                    let expected = (requiredMembers + optionalMembers).joined(separator: ", ")
                    return "a '\(name)' payload has no member '\(unexpected.prefix(64))'; it may have only \(expected) (handoff.types in clipkit.json)"
                }
            }
            for member in requiredMembers + (optionalMembers ?? []) {
                guard let kind = memberKinds[member], let value = members[member], value != .null else { continue }
                if let problem = Self.problem(with: value, ofKind: kind, parameterKinds: parameterKinds) {
                    return "member '\(member)' of a '\(name)' payload is of kind \(kind) (handoff.types in clipkit.json); \(problem)"
                }
            }
            return nil
        }

        /// What keeps `value` from being of member kind `kind`, or `nil` when it is one.
        static func problem(with value: JSONValue, ofKind kind: String, parameterKinds: ParameterKindRegistry) -> String? {
            let expected: String
            switch kind {
            case "number", "boolean":
                if kind == "number" ? value.numberValue != nil : value.boolValue != nil { return nil }
                expected = kind == "number" ? "a JSON number" : "true or false"
            case ParameterKind.integer.name:
                if value.integerValue != nil { return nil }
                expected = "a whole JSON number"
            default:
                guard let text = value.stringValue else { expected = "a string"; break }
                if case .rejected(let reason) = parameterKinds.kind(named: kind)?.check(text) { return reason }
                return nil
            }
            return "found \(value.typeDescription), not \(expected)"
        }
    }

    /// The handoff type named `name` in `handoff.types`, if the manifest lists it.
    public func handoffType(named name: String) -> HandoffType? {
        handoff.types.first { $0.name == name }
    }
}

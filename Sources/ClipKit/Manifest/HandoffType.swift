extension ClipManifest {
    /// A handoff payload type the clip and the app agree on, as `handoff.types` lists it.
    ///
    /// ```json
    /// { "name": "com.example.coffee.order", "required": ["store"], "optional": ["table"] }
    /// ```
    ///
    /// The payload is a JSON object that has every ``requiredMembers`` member (and not as `null`).
    /// When ``optionalMembers`` is given, the payload has no member outside the two lists; when it
    /// is left out, other members are allowed. That is as far as the manifest checks a payload: the
    /// app's own `Codable` type decides the rest when it decodes the payload.
    public struct HandoffType: Sendable, Equatable {
        /// The payload's type name, as the envelope carries it (``HandoffPayload/handoffTypeName``).
        public var name: String
        /// Members every payload of this type has.
        public var requiredMembers: [String]
        /// Members a payload may have besides the required ones; `nil` allows any other member.
        public var optionalMembers: [String]?

        /// Creates a handoff type.
        public init(name: String, requiredMembers: [String] = [], optionalMembers: [String]? = nil) {
            self.name = name
            self.requiredMembers = requiredMembers
            self.optionalMembers = optionalMembers
        }

        /// What keeps `payload` from being a payload of this type, or `nil` when it is one.
        public func problem(with payload: JSONValue) -> String? {
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
            return nil
        }
    }

    /// The handoff type named `name` in `handoff.types`, if the manifest lists it.
    public func handoffType(named name: String) -> HandoffType? {
        handoff.types.first { $0.name == name }
    }
}

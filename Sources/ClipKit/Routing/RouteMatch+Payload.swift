import Foundation

extension RouteMatch {
    /// The captured parameters as a JSON object, each typed by its kind: what a clip hands off for a
    /// link whose route names a handoff type (`routes[].handoff` in `clipkit.json`).
    ///
    /// An `integer` capture is a JSON number (`{"eventID":42}`), so an app type that declares
    /// `let eventID: Int` decodes it; every other kind is a JSON string in its normalized form
    /// (a `uuid` in lower case, which `UUID` decodes).
    @_spi(ClipKitTooling) public var parametersJSON: JSONValue {
        var members: [String: JSONValue] = [:]
        for (name, value) in parameters {
            if parameterKinds[name] == ParameterKind.integer.name, let number = Int64(value) {
                members[name] = .number(number)
            } else {
                members[name] = .string(value)
            }
        }
        return .object(members)
    }

    /// The captured parameters decoded as `Payload`, such as the app's own handoff type whose
    /// members are the route's captures; `nil` when they do not decode as one.
    public func parameters<Payload: Decodable>(as type: Payload.Type) -> Payload? {
        try? JSONDecoder().decode(Payload.self, from: parametersJSON.serialized())
    }
}

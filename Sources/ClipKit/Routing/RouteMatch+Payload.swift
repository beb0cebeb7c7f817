import Foundation

extension RouteMatch {
    /// The captured parameters as a JSON object of strings: what a clip hands off for a link whose
    /// route names a handoff type (`routes[].handoff` in `clipkit.json`).
    public var parametersJSON: JSONValue {
        .object(parameters.mapValues(JSONValue.string))
    }

    /// The captured parameters decoded as `Payload`, such as the app's own handoff type whose
    /// members are the route's captures; `nil` when they do not decode as one.
    public func parameters<Payload: Decodable>(as type: Payload.Type) -> Payload? {
        try? JSONDecoder().decode(Payload.self, from: parametersJSON.serialized())
    }
}

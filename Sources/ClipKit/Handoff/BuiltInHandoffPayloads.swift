import Foundation

/// The payload types ClipKit defines for its reference clips.
public enum BuiltInHandoffPayloads {
    /// RoadFlare's driver and Bluesky's starter pack.
    public static let all: [any HandoffPayload.Type] = [RoadFlareDriverHandoff.self, BlueskyStarterPackHandoff.self]

    /// The built-in type with `typeName`, if there is one.
    public static func type(named typeName: String) -> (any HandoffPayload.Type)? {
        all.first { $0.handoffTypeName == typeName }
    }
}

extension BuiltInHandoffPayloads {
    /// The names of the built-in payload types that `json` decodes as, strictly.
    public static func typeNames(fitting json: JSONValue) -> [String] {
        let data = json.serialized()
        return all.filter { fits(data, $0) }.map { $0.handoffTypeName }
    }

    private static func fits<Payload: HandoffPayload>(_ data: Data, _ type: Payload.Type) -> Bool {
        (try? JSONDecoder().decode(Payload.self, from: data)) != nil
    }
}

/// The payload types ClipKit defines for its reference clips.
public enum BuiltInHandoffPayloads {
    /// RoadFlare's driver and Bluesky's starter pack.
    public static let all: [any HandoffPayload.Type] = [RoadFlareDriverHandoff.self, BlueskyStarterPackHandoff.self]

    /// The built-in type with `typeName`, if there is one.
    public static func type(named typeName: String) -> (any HandoffPayload.Type)? {
        all.first { $0.handoffTypeName == typeName }
    }
}

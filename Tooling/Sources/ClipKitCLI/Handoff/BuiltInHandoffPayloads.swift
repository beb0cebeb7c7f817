import ClipKit
import ClipWebBridge

/// The handoff payload types of the reference clips, which `clipkit handoff` knows by name and shape.
public enum BuiltInHandoffPayloads {
    /// RoadFlare's driver (from ClipKit) and Bluesky's starter pack (from ClipWebBridge).
    public static let all: [any HandoffPayload.Type] = [RoadFlareDriverHandoff.self, BlueskyStarterPackHandoff.self]

    /// The built-in type with `typeName`, if there is one.
    public static func type(named typeName: String) -> (any HandoffPayload.Type)? {
        all.first { $0.handoffTypeName == typeName }
    }
}

import ClipKit

extension ClipManifest {
    /// The listed handoff types that `payload` is a payload of, in the manifest's order: how a tool
    /// finds a payload's type when it is not named. Clips always name the type they offer, so this
    /// lives with the tools' manifest reader.
    @_spi(ClipKitTooling) public func handoffTypes(fitting payload: JSONValue) -> [HandoffType] {
        handoff.types.filter { $0.problem(with: payload) == nil }
    }
}

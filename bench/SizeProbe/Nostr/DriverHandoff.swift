import ClipKit

/// The clip's own handoff payload: the driver, for the app's add-driver screen.
struct DriverHandoff: HandoffPayload {
    static let handoffTypeName = "clipkit.driver"
    var npub: String
    var displayName: String?
    var profileCreatedAt: Int?
}

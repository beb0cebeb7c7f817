import Foundation

/// What the clip leaves for the full app when the person taps "Get RoadFlare": the driver's
/// npub, the name the person saw and the timestamp of the profile it came from.
///
/// The full app uses the name only as a placeholder until it fetches and verifies the profile
/// itself; the timestamp lets it tell whether its own copy is newer.
public struct DriverHandoff: Sendable, Hashable, Codable {
    /// The driver's key as an `npub1…` string.
    public var npub: String
    /// The name the clip showed, if it had a profile.
    public var displayName: String?
    /// The `created_at` of the profile the clip showed, if it had one.
    public var profileCreatedAt: Date?

    /// Creates a driver handoff.
    public init(npub: String, displayName: String? = nil, profileCreatedAt: Date? = nil) {
        self.npub = npub
        self.displayName = displayName
        self.profileCreatedAt = profileCreatedAt
    }
}

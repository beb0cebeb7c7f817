import ClipKitUI

/// The driver the app's add-driver screen is pre-filled with.
public struct DriverPrefill: Sendable, Hashable, CustomStringConvertible {
    /// The driver's key, `npub1…`; its checksum has been verified.
    public var npub: String
    /// The name the clip showed, as a placeholder until the app fetches the profile itself.
    public var displayName: String?
    /// The `created_at` of the profile the name came from, in Unix seconds.
    public var profileCreatedAt: Int?
    /// Where the driver came from.
    public var origin: PrefillOrigin

    /// Creates a prefill.
    public init(npub: String, displayName: String? = nil, profileCreatedAt: Int? = nil, origin: PrefillOrigin) {
        self.npub = npub
        self.displayName = displayName
        self.profileCreatedAt = profileCreatedAt
        self.origin = origin
    }

    /// A short line for logs and `clipkit simulate`.
    public var description: String {
        let name = displayName.map { "\($0) (\(npub))" } ?? npub
        return "add-driver screen pre-filled with \(name), from \(origin.description)"
    }
}

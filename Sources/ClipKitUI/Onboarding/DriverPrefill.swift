/// The driver the add-driver screen is pre-filled with.
public struct DriverPrefill: Sendable, Hashable {
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
}

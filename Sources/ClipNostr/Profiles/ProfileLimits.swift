/// Size caps applied when reading a kind-0 profile.
public struct ProfileLimits: Sendable, Equatable {
    /// The most UTF-8 bytes the event content may have. Default 64 KiB.
    public var maximumContentBytes: Int
    /// The most characters kept of `name` and `display_name`. Default 256.
    public var maximumNameLength: Int
    /// The most characters kept of `about`. Default 4,096.
    public var maximumAboutLength: Int
    /// The most UTF-8 bytes a URL field may have. Default 2,048.
    public var maximumURLBytes: Int
    /// The most characters of `nip05` and `lud16`. Default 320.
    public var maximumIdentifierLength: Int
    /// The most fields kept in ``Profile/custom``. Default 64.
    public var maximumCustomFields: Int

    /// Creates limits; every parameter defaults to the value documented on its property.
    public init(
        maximumContentBytes: Int = 64 * 1024,
        maximumNameLength: Int = 256,
        maximumAboutLength: Int = 4_096,
        maximumURLBytes: Int = 2_048,
        maximumIdentifierLength: Int = 320,
        maximumCustomFields: Int = 64
    ) {
        self.maximumContentBytes = maximumContentBytes
        self.maximumNameLength = maximumNameLength
        self.maximumAboutLength = maximumAboutLength
        self.maximumURLBytes = maximumURLBytes
        self.maximumIdentifierLength = maximumIdentifierLength
        self.maximumCustomFields = maximumCustomFields
    }

    /// The default limits.
    public static let standard = ProfileLimits()
}

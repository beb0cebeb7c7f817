/// Size caps for events from untrusted sources.
///
/// The defaults fit every event a client shows (long notes, profiles with many fields) while
/// keeping a hostile relay from making a clip hash or hold megabytes.
public struct EventLimits: Sendable, Equatable {
    /// The most UTF-8 bytes `content` may have. Default 256 KiB.
    public var maximumContentBytes: Int
    /// The most tags an event may have. Default 2,000.
    public var maximumTagCount: Int
    /// The most strings one tag may have. Default 100.
    public var maximumTagElements: Int
    /// The most UTF-8 bytes all tag strings may have together. Default 256 KiB.
    public var maximumTagBytes: Int
    /// The most bytes of JSON an event may be decoded from. Default 1 MiB.
    public var maximumJSONBytes: Int

    /// Creates limits; every parameter defaults to the value documented on its property.
    public init(
        maximumContentBytes: Int = 256 * 1024,
        maximumTagCount: Int = 2_000,
        maximumTagElements: Int = 100,
        maximumTagBytes: Int = 256 * 1024,
        maximumJSONBytes: Int = 1024 * 1024
    ) {
        self.maximumContentBytes = maximumContentBytes
        self.maximumTagCount = maximumTagCount
        self.maximumTagElements = maximumTagElements
        self.maximumTagBytes = maximumTagBytes
        self.maximumJSONBytes = maximumJSONBytes
    }

    /// The default limits.
    public static let standard = EventLimits()

    /// The kinds NIP-01 allows.
    public static let kindRange: ClosedRange<Int> = 0...65_535
}

/// Size caps that the payload parser enforces before it trusts a notification's `userInfo`.
///
/// Apple's push service caps a notification payload at 4 KB (5 KB for VoIP), so anything far
/// larger did not come from it. The caps keep a hostile or broken payload from costing the
/// extension its memory or time budget.
public struct PayloadLimits: Sendable, Hashable {
    /// The largest payload, in bytes of JSON, that the parser reads.
    public var maximumBytes: Int
    /// The deepest nesting of arrays and objects that the parser reads.
    public var maximumNestingDepth: Int
    /// The longest URL, in UTF-8 bytes, that a policy accepts from the payload.
    public var maximumURLBytes: Int

    /// Creates limits.
    public init(maximumBytes: Int = 16_384, maximumNestingDepth: Int = 16, maximumURLBytes: Int = 2_048) {
        self.maximumBytes = maximumBytes
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumURLBytes = maximumURLBytes
    }

    /// The defaults: 16 KB of JSON (four times Apple's cap), nesting 16 deep, URLs up to 2 KB.
    public static let standard = PayloadLimits()
}

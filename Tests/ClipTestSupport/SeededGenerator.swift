/// A deterministic random-number generator (SplitMix64), so fuzz and property tests give the same
/// cases on every run and a failing case can be replayed from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound`; 0 when `bound` is not positive.
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(1, bound)))
    }

    /// One of `choices`, which must not be empty.
    public mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[below(choices.count)]
    }
}

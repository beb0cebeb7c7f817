/// Deterministic pseudo-random mutations of valid inputs, for fuzz tests that must give the same
/// cases on every run (SplitMix64).
struct SeededMutator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// One to `maximumEdits` random edits: replace, insert, delete, duplicate a run, truncate, or
    /// splice in one of `tokens`.
    mutating func mutate(_ input: [UInt8], tokens: [[UInt8]] = [], maximumEdits: Int = 3) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + below(maximumEdits)) {
            let position = below(bytes.count + 1)
            switch below(7) {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: next())
            case 1:
                bytes.insert(UInt8(truncatingIfNeeded: next()), at: position)
            case 2 where !bytes.isEmpty:
                bytes.remove(at: min(position, bytes.count - 1))
            case 3 where !bytes.isEmpty:
                let start = min(position, bytes.count - 1)
                let end = min(bytes.count, start + 1 + below(16))
                bytes.insert(contentsOf: bytes[start..<end], at: start)
            case 4:
                bytes = Array(bytes.prefix(position))
            case 5 where !tokens.isEmpty:
                bytes.insert(contentsOf: pick(tokens), at: position)
            default:
                if !bytes.isEmpty {
                    let index = min(position, bytes.count - 1)
                    bytes[index] ^= UInt8(1 << below(8))
                }
            }
        }
        return bytes
    }
}

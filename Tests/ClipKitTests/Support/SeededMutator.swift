import Foundation

/// A deterministic source of random numbers (SplitMix64) and the byte mutations the fuzz tests apply.
///
/// Seeded, so a failing case can be replayed from the seed and the case number in its message.
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

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(1, bound)))
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// Bytes that make JSON interesting when spliced in.
    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", "\"", ",", ":", "\\", "\\u", "\\ud800", "null", "true", "1e999", "-0", "00",
        "\"schema\":", "\"payload\":", "\"action\":", "\"store\"", "\"present\"", "{\"a\":1}", " ", "\n", "\u{0}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0xA0, 0x80]]

    /// `input` with one to three random edits: flips, insertions, deletions, duplications, token splices, truncation.
    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + below(3)) {
            let position = bytes.isEmpty ? 0 : below(bytes.count + 1)
            switch below(7) {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] ^= UInt8(truncatingIfNeeded: 1 << below(8))
            case 1:
                bytes.insert(UInt8(truncatingIfNeeded: next()), at: position)
            case 2 where !bytes.isEmpty:
                let start = min(position, bytes.count - 1)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + below(8)))
            case 3 where !bytes.isEmpty:
                let start = min(position, bytes.count - 1)
                let slice = bytes[start..<min(bytes.count, start + 1 + below(16))]
                bytes.insert(contentsOf: slice, at: below(bytes.count + 1))
            case 4:
                bytes.insert(contentsOf: pick(Self.tokens), at: position)
            case 5:
                bytes = Array(bytes.prefix(position))
            default:
                if !bytes.isEmpty { bytes[min(position, bytes.count - 1)] = pick(Array("{}[]\",:0aZ\\ ".utf8)) }
            }
        }
        return bytes
    }
}

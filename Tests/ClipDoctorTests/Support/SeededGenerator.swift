/// A deterministic random-number generator (SplitMix64), so fuzz tests give the same cases on every run.
struct SeededGenerator: RandomNumberGenerator {
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
}

/// Seeded mutations of valid inputs: bit flips, byte overwrites, truncations, huge 32-bit values,
/// duplicated and deleted ranges.
struct Mutator {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        let rounds = Int.random(in: 1...4, using: &generator)
        for _ in 0..<rounds {
            guard !bytes.isEmpty else { return bytes }
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0:
                bytes[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            case 1:
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 2:
                bytes = Array(bytes.prefix(position))
            case 3:
                let huge: [UInt8] = [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x00, 0x00], [0x80, 0, 0, 0]][Int.random(in: 0..<4, using: &generator)]
                for (index, byte) in huge.enumerated() where position + index < bytes.count { bytes[position + index] = byte }
            case 4:
                let length = Int.random(in: 1...min(64, bytes.count - position), using: &generator)
                bytes.insert(contentsOf: bytes[position..<(position + length)], at: position)
            case 5:
                let length = Int.random(in: 1...min(64, bytes.count - position), using: &generator)
                bytes.removeSubrange(position..<(position + length))
            default:
                // Point a 32-bit field back at an earlier offset: loops and overlaps.
                let target = UInt32(Int.random(in: 0...max(0, position), using: &generator))
                let encoded = Bool.random(using: &generator) ? target.bigEndian : target.littleEndian
                withUnsafeBytes(of: encoded) { raw in
                    for (index, byte) in raw.enumerated() where position + index < bytes.count { bytes[position + index] = byte }
                }
            }
        }
        return bytes
    }
}

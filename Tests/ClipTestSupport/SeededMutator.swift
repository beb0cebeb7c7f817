/// Seeded random edits of valid inputs, for deterministic fuzz tests of parsers.
///
/// Text formats use the default ``Edit/text`` edits, usually with `tokens` that matter to the
/// format spliced in; binary formats add ``Edit/binary`` (extreme 32-bit values, offsets pointing
/// back into the file).
public struct SeededMutator: Sendable {
    /// One kind of edit.
    public enum Edit: Sendable, CaseIterable {
        /// Flip one bit of a byte.
        case flipBit
        /// Replace a byte with a random one.
        case replaceByte
        /// Insert a random byte.
        case insertByte
        /// Delete a run of 1–16 bytes.
        case deleteRun
        /// Copy a run of 1–16 bytes to a random place.
        case duplicateRun
        /// Cut the input off.
        case truncate
        /// Insert one of the tokens (no edit when there are none).
        case spliceToken
        /// Overwrite four bytes with 0xFFFFFFFF, 0x7FFFFFFF, 0 or 0x80000000.
        case overwriteWithExtremeWord
        /// Overwrite four bytes with an earlier offset (big- or little-endian): loops and overlaps.
        case pointBackwards

        /// The edits for text formats.
        public static let text: [Edit] = [.flipBit, .replaceByte, .insertByte, .deleteRun, .duplicateRun, .truncate, .spliceToken]
        /// The edits for binary formats: the text edits and the 32-bit field edits.
        public static let binary: [Edit] = text + [.overwriteWithExtremeWord, .pointBackwards]
    }

    /// The random numbers behind the edits; tests may draw from it too (`pick`, `below`).
    public var generator: SeededGenerator

    /// Creates a mutator whose edits are fixed by `seed`.
    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { generator.next() }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int { generator.below(bound) }

    /// One of `choices`, which must not be empty.
    public mutating func pick<Element>(_ choices: [Element]) -> Element { generator.pick(choices) }

    /// `input` with one to `maximumEdits` random edits drawn from `edits`.
    public mutating func mutate(_ input: [UInt8], tokens: [[UInt8]] = [], maximumEdits: Int = 3, edits: [Edit] = Edit.text) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + below(maximumEdits)) {
            let position = below(bytes.count + 1)
            let index = min(position, max(0, bytes.count - 1))
            switch pick(edits) {
            case .flipBit where !bytes.isEmpty:
                bytes[index] ^= UInt8(1) << UInt8(below(8))
            case .replaceByte where !bytes.isEmpty:
                bytes[index] = UInt8(truncatingIfNeeded: next())
            case .insertByte:
                bytes.insert(UInt8(truncatingIfNeeded: next()), at: position)
            case .deleteRun where !bytes.isEmpty:
                bytes.removeSubrange(index..<min(bytes.count, index + 1 + below(16)))
            case .duplicateRun where !bytes.isEmpty:
                let run = Array(bytes[index..<min(bytes.count, index + 1 + below(16))])
                bytes.insert(contentsOf: run, at: below(bytes.count + 1))
            case .truncate:
                bytes = Array(bytes.prefix(position))
            case .spliceToken where !tokens.isEmpty:
                bytes.insert(contentsOf: pick(tokens), at: position)
            case .overwriteWithExtremeWord:
                let word = pick([[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x00, 0x00], [0x80, 0, 0, 0]] as [[UInt8]])
                overwrite(&bytes, at: index, with: word)
            case .pointBackwards:
                let target = UInt32(below(index + 1))
                let word = below(2) == 0 ? withUnsafeBytes(of: target.bigEndian, Array.init) : withUnsafeBytes(of: target.littleEndian, Array.init)
                overwrite(&bytes, at: index, with: word)
            default:
                continue
            }
        }
        return bytes
    }

    private func overwrite(_ bytes: inout [UInt8], at position: Int, with word: [UInt8]) {
        for (offset, byte) in word.enumerated() where position + offset < bytes.count {
            bytes[position + offset] = byte
        }
    }
}

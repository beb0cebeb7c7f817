/// The badge counter's file format: two fixed-size slots, each with its own checksum.
///
/// The file is 64 bytes: slot 0 at offset 0, slot 1 at offset 32. A slot, little-endian:
///
/// | bytes | content |
/// |---|---|
/// | 0–3 | magic `CKBC` |
/// | 4 | format version, 1 |
/// | 5–7 | zero |
/// | 8–15 | sequence number (the write's position in the counter's history, from 1) |
/// | 16–23 | value (0 to ``BadgeCounter/maximumValue``) |
/// | 24–27 | CRC-32 of bytes 0–23 |
/// | 28–31 | zero |
///
/// The write with sequence number `n` goes to slot `n % 2`, so it never touches the slot that holds
/// the current value. Whatever happens to a write — the process killed in the middle of it, or a
/// torn sector after a power loss — the other slot still holds the previous value with a valid
/// checksum. A reader takes the valid slot with the higher sequence number: the new value if the
/// write completed, the old one if it did not, never garbage. An all-zero slot is empty (a fresh
/// file is zero bytes long).
@_spi(ClipKitTooling)
public struct BadgeRecord: Sendable, Hashable {
    /// One value written to the counter.
    public struct Entry: Sendable, Hashable {
        /// The write's position in the counter's history, from 1.
        public var sequence: UInt64
        /// The badge count.
        public var value: Int

        /// Creates an entry.
        public init(sequence: UInt64, value: Int) {
            self.sequence = sequence
            self.value = value
        }
    }

    /// What one slot holds.
    public enum Slot: Sendable, Hashable {
        /// All zero: never written.
        case empty
        /// A value with a valid checksum.
        case valid(Entry)
        /// Bytes that are not a valid slot (torn, overwritten by something else, or another format).
        case damaged
    }

    /// The size of one slot in bytes.
    public static let slotSize = 32
    /// The size of the file in bytes.
    public static let fileSize = 64
    private static let magic: [UInt8] = Array("CKBC".utf8)
    private static let version: UInt8 = 1

    /// The two slots.
    public let slots: [Slot]

    /// Reads the first ``fileSize`` bytes of a record file; missing bytes read as zero.
    public init<Bytes: Collection<UInt8>>(decoding bytes: Bytes) {
        var image = Array(bytes.prefix(Self.fileSize))
        image.append(contentsOf: repeatElement(0, count: Self.fileSize - image.count))
        slots = (0..<2).map { index in
            Self.decodeSlot(image[(index * Self.slotSize)..<((index + 1) * Self.slotSize)], index: index)
        }
    }

    /// The current entry: the valid slot with the higher sequence number; `nil` when no slot is valid.
    public var current: Entry? {
        slots.compactMap { slot -> Entry? in
            if case .valid(let entry) = slot { return entry }
            return nil
        }.max { $0.sequence < $1.sequence }
    }

    /// The indexes of damaged slots.
    public var damagedSlots: [Int] {
        slots.indices.filter { slots[$0] == .damaged }
    }

    /// The slot that the write of `entry` goes to.
    public static func slotIndex(for entry: Entry) -> Int {
        Int(entry.sequence % 2)
    }

    /// The 32 bytes of a slot holding `entry`.
    public static func encode(_ entry: Entry) -> [UInt8] {
        var bytes = magic
        bytes.append(version)
        bytes.append(contentsOf: [0, 0, 0])
        bytes.append(contentsOf: littleEndianBytes(entry.sequence))
        bytes.append(contentsOf: littleEndianBytes(UInt64(clamping: max(entry.value, 0))))
        bytes.append(contentsOf: littleEndianBytes(CRC32.checksum(bytes)))
        bytes.append(contentsOf: [0, 0, 0, 0])
        return bytes
    }

    /// A whole 64-byte file holding only `entry` (the other slot empty), for rewriting a damaged file.
    public static func encodeFile(holding entry: Entry) -> [UInt8] {
        var image = [UInt8](repeating: 0, count: fileSize)
        let offset = slotIndex(for: entry) * slotSize
        image.replaceSubrange(offset..<(offset + slotSize), with: encode(entry))
        return image
    }

    private static func decodeSlot(_ bytes: ArraySlice<UInt8>, index: Int) -> Slot {
        if bytes.allSatisfy({ $0 == 0 }) { return .empty }
        let slot = Array(bytes)
        guard Array(slot[0..<4]) == magic, slot[4] == version, slot[5..<8].allSatisfy({ $0 == 0 }),
              slot[28..<32].allSatisfy({ $0 == 0 }) else { return .damaged }
        let checksum = UInt32(truncatingIfNeeded: littleEndianValue(slot[24..<28]))
        guard checksum == CRC32.checksum(slot[0..<24]) else { return .damaged }
        let sequence = littleEndianValue(slot[8..<16])
        let value = littleEndianValue(slot[16..<24])
        guard sequence > 0, Int(sequence % 2) == index, value <= UInt64(BadgeCounter.maximumValue) else { return .damaged }
        return .valid(Entry(sequence: sequence, value: Int(value)))
    }

    private static func littleEndianBytes<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        (0..<(Value.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static func littleEndianValue(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reversed().reduce(0) { ($0 << 8) | UInt64($1) }
    }
}

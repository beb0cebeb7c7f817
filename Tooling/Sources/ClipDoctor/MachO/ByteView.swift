import Foundation

/// A bounds-checked window onto bytes, with big- and little-endian integer reads.
///
/// Every read checks its range first and throws ``MachOError/truncated(what:offset:length:available:)``
/// when it would leave the window, so a parser built on it cannot read out of bounds.
struct ByteView {
    let data: Data
    /// The window's first byte, as an offset into `data` from its start.
    let base: Int
    /// The window's length.
    let count: Int

    init(_ data: Data) {
        self.data = data
        self.base = 0
        self.count = data.count
    }

    private init(data: Data, base: Int, count: Int) {
        self.data = data
        self.base = base
        self.count = count
    }

    /// Whether `length` bytes at `offset` lie inside the window (with overflow checks).
    func contains(offset: Int, length: Int) -> Bool {
        guard offset >= 0, length >= 0 else { return false }
        let end = offset.addingReportingOverflow(length)
        return !end.overflow && end.partialValue <= count
    }

    /// A window onto `length` bytes at `offset`.
    func slice(offset: Int, length: Int, what: String) throws(MachOError) -> ByteView {
        try check(offset: offset, length: length, what: what)
        return ByteView(data: data, base: base + offset, count: length)
    }

    /// The bytes of `length` at `offset`, copied out.
    func bytes(offset: Int, length: Int, what: String) throws(MachOError) -> Data {
        try check(offset: offset, length: length, what: what)
        let start = data.startIndex + base + offset
        return Data(data[start..<(start + length)])
    }

    func check(offset: Int, length: Int, what: String) throws(MachOError) {
        guard contains(offset: offset, length: length) else {
            throw .truncated(what: what, offset: base + offset, length: length, available: max(0, count - max(0, offset)))
        }
    }

    func uint32(at offset: Int, bigEndian: Bool, what: String) throws(MachOError) -> UInt32 {
        try check(offset: offset, length: 4, what: what)
        let start = data.startIndex + base + offset
        let b0 = UInt32(data[start]), b1 = UInt32(data[start + 1]), b2 = UInt32(data[start + 2]), b3 = UInt32(data[start + 3])
        return bigEndian ? (b0 << 24 | b1 << 16 | b2 << 8 | b3) : (b3 << 24 | b2 << 16 | b1 << 8 | b0)
    }

    func uint64(at offset: Int, bigEndian: Bool, what: String) throws(MachOError) -> UInt64 {
        let first = UInt64(try uint32(at: offset, bigEndian: bigEndian, what: what))
        let second = UInt64(try uint32(at: offset + 4, bigEndian: bigEndian, what: what))
        return bigEndian ? (first << 32 | second) : (second << 32 | first)
    }

    func byte(at offset: Int, what: String) throws(MachOError) -> UInt8 {
        try check(offset: offset, length: 1, what: what)
        return data[data.startIndex + base + offset]
    }

    func uint16(at offset: Int, bigEndian: Bool, what: String) throws(MachOError) -> UInt16 {
        try check(offset: offset, length: 2, what: what)
        let start = data.startIndex + base + offset
        let b0 = UInt16(data[start]), b1 = UInt16(data[start + 1])
        return bigEndian ? (b0 << 8 | b1) : (b1 << 8 | b0)
    }
}

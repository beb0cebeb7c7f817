/// Why a Mach-O file or its code signature could not be read.
///
/// Every case names where in the file the problem is, so a report can point at it.
package enum MachOError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is larger than the reader accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The file does not start with a Mach-O or universal (fat) magic number.
    case unknownMagic(UInt32)
    /// A structure runs past the end of the file (or of the part that holds it).
    case truncated(what: String, offset: Int, length: Int, available: Int)
    /// A count in the file is larger than the reader allows.
    case tooMany(what: String, count: UInt64, limit: Int)
    /// A field holds a value that the format does not allow.
    case invalid(what: String, offset: Int, reason: String)
    /// Two parts that must not overlap (architecture slices, signature blobs) do.
    case overlapping(what: String, firstOffset: Int, secondOffset: Int)
    /// The code signature of one architecture slice is malformed.
    indirect case inCodeSignature(architecture: String, MachOError)

    /// What went wrong and where, for a person.
    package var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "the executable has \(bytes) bytes, more than the \(limit) read"
        case .unknownMagic(let magic):
            return "not a Mach-O file: the magic number is 0x\(String(magic, radix: 16)), expected 0xfeedfacf, 0xfeedface or a universal 0xcafebabe"
        case .truncated(let what, let offset, let length, let available):
            return "\(what): \(length) bytes at offset \(offset) run past the end (only \(available) available); the file is truncated or corrupt"
        case .tooMany(let what, let count, let limit):
            return "\(what): \(count) is more than the \(limit) allowed; the file is corrupt"
        case .invalid(let what, let offset, let reason):
            return "\(what) at offset \(offset): \(reason)"
        case .overlapping(let what, let first, let second):
            return "\(what) at offsets \(first) and \(second) overlap; the file is corrupt"
        case .inCodeSignature(let architecture, let underlying):
            return "the code signature of the \(architecture) slice: \(underlying.description)"
        }
    }
}

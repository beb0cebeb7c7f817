import Foundation

/// Reads the code-signature entitlements from Mach-O executables, thin or universal, without `codesign`.
///
/// The path through the file follows Apple's published layout:
/// 1. A universal file starts with `0xcafebabe` (or `0xcafebabf` for 64-bit offsets), then a
///    big-endian `fat_arch` table; each entry points at one thin slice.
/// 2. A thin slice starts with a `mach_header` (`0xfeedfacf` 64-bit, `0xfeedface` 32-bit; stored
///    little-endian on Apple's platforms) followed by `ncmds` load commands.
/// 3. The `LC_CODE_SIGNATURE` (0x1d) load command gives the offset and size of the signature:
///    a big-endian SuperBlob (`0xfade0cc0`) with an index of `(slot type, offset)` pairs.
/// 4. Slot 5 holds the entitlements blob (`0xfade7171`): an 8-byte header, then an XML plist.
///
/// Every offset, size and count is checked before it is used, counts are capped, and slices and
/// blobs must not overlap, so truncated or hostile files give a ``MachOError`` rather than a crash
/// or a hang.
package struct MachOReader: Sendable {
    /// The most architecture slices accepted in a universal file.
    package var maximumSlices = 16
    /// The most load commands accepted in one slice.
    package var maximumLoadCommands = 4_096
    /// The most blobs accepted in one code signature.
    package var maximumBlobs = 64
    /// The largest entitlements plist accepted, in bytes.
    package var maximumEntitlementsBytes = 1024 * 1024

    /// Creates a reader with the default limits.
    package init() {}

    static let fatMagic: UInt32 = 0xcafe_babe
    static let fat64Magic: UInt32 = 0xcafe_babf
    static let magic64: UInt32 = 0xfeed_facf
    static let magic32: UInt32 = 0xfeed_face
    static let loadCommandCodeSignature: UInt32 = 0x1d
    static let superBlobMagic: UInt32 = 0xfade_0cc0
    static let entitlementsMagic: UInt32 = 0xfade_7171
    static let derEntitlementsMagic: UInt32 = 0xfade_7172
    static let entitlementsSlot: UInt32 = 5
    static let derEntitlementsSlot: UInt32 = 7

    /// Whether the bytes start with a Mach-O or universal magic number.
    package static func looksLikeMachO(_ prefix: Data) -> Bool {
        guard prefix.count >= 4 else { return false }
        let view = ByteView(prefix)
        guard let big = try? view.uint32(at: 0, bigEndian: true, what: "magic") else { return false }
        return [fatMagic, fat64Magic, magic64, magic32, magic64.byteSwapped, magic32.byteSwapped].contains(big)
    }

    /// Reads every slice of the executable in `data` and its code signature.
    package func slices(in data: Data) throws(MachOError) -> [MachOSlice] {
        let file = ByteView(data)
        let magic = try file.uint32(at: 0, bigEndian: true, what: "file header")
        switch magic {
        case Self.fatMagic, Self.fat64Magic:
            return try universalSlices(file, wide: magic == Self.fat64Magic)
        default:
            return [try thinSlice(file, fileOffset: 0)]
        }
    }

    private func universalSlices(_ file: ByteView, wide: Bool) throws(MachOError) -> [MachOSlice] {
        let count = try file.uint32(at: 4, bigEndian: true, what: "universal header")
        guard count >= 1 else { throw .invalid(what: "universal header", offset: 4, reason: "it lists no architectures") }
        guard count <= UInt32(maximumSlices) else {
            throw .tooMany(what: "architectures in the universal header (a Java class file also starts with 0xcafebabe)", count: UInt64(count), limit: maximumSlices)
        }
        let entrySize = wide ? 32 : 20
        let tableEnd = 8 + Int(count) * entrySize
        try file.check(offset: 8, length: tableEnd - 8, what: "universal architecture table")
        var ranges: [(offset: Int, size: Int, cpuType: UInt32, cpuSubtype: UInt32)] = []
        for index in 0..<Int(count) {
            let entry = 8 + index * entrySize
            let cpuType = try file.uint32(at: entry, bigEndian: true, what: "architecture \(index)")
            let cpuSubtype = try file.uint32(at: entry + 4, bigEndian: true, what: "architecture \(index)")
            let offset: UInt64, size: UInt64
            if wide {
                offset = try file.uint64(at: entry + 8, bigEndian: true, what: "architecture \(index)")
                size = try file.uint64(at: entry + 16, bigEndian: true, what: "architecture \(index)")
            } else {
                offset = UInt64(try file.uint32(at: entry + 8, bigEndian: true, what: "architecture \(index)"))
                size = UInt64(try file.uint32(at: entry + 12, bigEndian: true, what: "architecture \(index)"))
            }
            guard offset >= UInt64(tableEnd), offset <= UInt64(file.count), size <= UInt64(file.count) - offset, size > 0 else {
                throw .truncated(what: "architecture \(index) (\(Self.architectureName(cpuType: cpuType, subtype: cpuSubtype)))",
                                 offset: Int(clamping: offset), length: Int(clamping: size), available: max(0, file.count - Int(clamping: offset)))
            }
            ranges.append((Int(offset), Int(size), cpuType, cpuSubtype))
        }
        let sorted = ranges.sorted { $0.offset < $1.offset }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.offset + previous.size > next.offset {
            throw .overlapping(what: "architecture slices", firstOffset: previous.offset, secondOffset: next.offset)
        }
        var slices: [MachOSlice] = []
        for range in ranges {
            let view = try file.slice(offset: range.offset, length: range.size, what: "architecture slice")
            let sliceMagic = try view.uint32(at: 0, bigEndian: true, what: "architecture slice header")
            if sliceMagic == Self.fatMagic || sliceMagic == Self.fat64Magic {
                throw .invalid(what: "architecture slice", offset: range.offset, reason: "a universal file is nested inside another")
            }
            var slice = try thinSlice(view, fileOffset: range.offset)
            let declared = Self.architectureName(cpuType: range.cpuType, subtype: range.cpuSubtype)
            if slice.architecture != declared {
                throw .invalid(what: "architecture slice", offset: range.offset,
                               reason: "the universal header says \(declared) but the slice's header says \(slice.architecture)")
            }
            slice.offset = range.offset
            slices.append(slice)
        }
        return slices
    }

    private func thinSlice(_ slice: ByteView, fileOffset: Int) throws(MachOError) -> MachOSlice {
        let rawMagic = try slice.uint32(at: 0, bigEndian: false, what: "Mach-O header")
        let bigEndian: Bool, headerSize: Int
        switch rawMagic {
        case Self.magic64: (bigEndian, headerSize) = (false, 32)
        case Self.magic32: (bigEndian, headerSize) = (false, 28)
        case Self.magic64.byteSwapped: (bigEndian, headerSize) = (true, 32)
        case Self.magic32.byteSwapped: (bigEndian, headerSize) = (true, 28)
        default: throw .unknownMagic(rawMagic.byteSwapped)
        }
        try slice.check(offset: 0, length: headerSize, what: "Mach-O header")
        let cpuType = try slice.uint32(at: 4, bigEndian: bigEndian, what: "Mach-O header")
        let cpuSubtype = try slice.uint32(at: 8, bigEndian: bigEndian, what: "Mach-O header")
        let commandCount = try slice.uint32(at: 16, bigEndian: bigEndian, what: "Mach-O header")
        let commandsSize = try slice.uint32(at: 20, bigEndian: bigEndian, what: "Mach-O header")
        guard commandCount <= UInt32(maximumLoadCommands) else {
            throw .tooMany(what: "load commands", count: UInt64(commandCount), limit: maximumLoadCommands)
        }
        guard UInt64(commandCount) * 8 <= UInt64(commandsSize) else {
            throw .invalid(what: "Mach-O header", offset: fileOffset + 16,
                           reason: "\(commandCount) load commands cannot fit in \(commandsSize) bytes")
        }
        let commands = try slice.slice(offset: headerSize, length: Int(commandsSize), what: "load commands")
        var cursor = 0
        var signatureRange: (offset: Int, size: Int)?
        for index in 0..<Int(commandCount) {
            let command = try commands.uint32(at: cursor, bigEndian: bigEndian, what: "load command \(index)")
            let size = Int(try commands.uint32(at: cursor + 4, bigEndian: bigEndian, what: "load command \(index)"))
            guard size >= 8, size % 4 == 0, commands.contains(offset: cursor, length: size) else {
                throw .invalid(what: "load command \(index)", offset: fileOffset + headerSize + cursor,
                               reason: "its size \(size) is not a multiple of 4 of at least 8 that fits the load commands")
            }
            if command == Self.loadCommandCodeSignature {
                guard signatureRange == nil else {
                    throw .invalid(what: "LC_CODE_SIGNATURE", offset: fileOffset + headerSize + cursor, reason: "the slice has two code signatures")
                }
                guard size == 16 else {
                    throw .invalid(what: "LC_CODE_SIGNATURE", offset: fileOffset + headerSize + cursor, reason: "its size is \(size), expected 16")
                }
                let dataOffset = Int(try commands.uint32(at: cursor + 8, bigEndian: bigEndian, what: "LC_CODE_SIGNATURE"))
                let dataSize = Int(try commands.uint32(at: cursor + 12, bigEndian: bigEndian, what: "LC_CODE_SIGNATURE"))
                guard dataOffset >= headerSize + Int(commandsSize) else {
                    throw .invalid(what: "LC_CODE_SIGNATURE", offset: fileOffset + headerSize + cursor,
                                   reason: "the signature offset \(dataOffset) points into the header and load commands")
                }
                signatureRange = (dataOffset, dataSize)
            }
            cursor += size
        }
        let architecture = Self.architectureName(cpuType: cpuType, subtype: cpuSubtype)
        guard let signatureRange else {
            return MachOSlice(architecture: architecture, offset: fileOffset, codeSignature: nil)
        }
        do {
            let signature = try slice.slice(offset: signatureRange.offset, length: signatureRange.size, what: "code signature")
            return MachOSlice(architecture: architecture, offset: fileOffset,
                              codeSignature: try codeSignature(signature, fileOffset: fileOffset + signatureRange.offset))
        } catch {
            throw .inCodeSignature(architecture: architecture, error)
        }
    }

    private func codeSignature(_ blob: ByteView, fileOffset: Int) throws(MachOError) -> CodeSignature {
        let magic = try blob.uint32(at: 0, bigEndian: true, what: "code signature SuperBlob")
        guard magic == Self.superBlobMagic else {
            throw .invalid(what: "code signature", offset: fileOffset,
                           reason: "the SuperBlob magic is 0x\(String(magic, radix: 16)), expected 0xfade0cc0")
        }
        let length = Int(try blob.uint32(at: 4, bigEndian: true, what: "code signature SuperBlob"))
        let count = try blob.uint32(at: 8, bigEndian: true, what: "code signature SuperBlob")
        guard length >= 12, length <= blob.count else {
            throw .truncated(what: "code signature SuperBlob", offset: fileOffset, length: length, available: blob.count)
        }
        guard count <= UInt32(maximumBlobs) else {
            throw .tooMany(what: "blobs in the code signature", count: UInt64(count), limit: maximumBlobs)
        }
        let superBlob = try blob.slice(offset: 0, length: length, what: "code signature SuperBlob")
        let indexEnd = 12 + Int(count) * 8
        try superBlob.check(offset: 12, length: indexEnd - 12, what: "code signature blob index")
        var slotTypes: [UInt32] = []
        var spans: [(start: Int, end: Int)] = []
        var entitlements: PropertyListValue?
        var hasDER = false
        for index in 0..<Int(count) {
            let type = try superBlob.uint32(at: 12 + index * 8, bigEndian: true, what: "code signature blob index")
            let offset = Int(try superBlob.uint32(at: 16 + index * 8, bigEndian: true, what: "code signature blob index"))
            guard offset >= indexEnd else {
                throw .invalid(what: "code signature blob \(index)", offset: fileOffset + 16 + index * 8,
                               reason: "its offset \(offset) points back into the SuperBlob header or index")
            }
            let blobMagic = try superBlob.uint32(at: offset, bigEndian: true, what: "code signature blob \(index)")
            let blobLength = Int(try superBlob.uint32(at: offset + 4, bigEndian: true, what: "code signature blob \(index)"))
            guard blobLength >= 8, superBlob.contains(offset: offset, length: blobLength) else {
                throw .truncated(what: "code signature blob \(index)", offset: fileOffset + offset, length: blobLength,
                                 available: max(0, superBlob.count - offset))
            }
            spans.append((offset, offset + blobLength))
            slotTypes.append(type)
            switch type {
            case Self.entitlementsSlot:
                guard blobMagic == Self.entitlementsMagic else {
                    throw .invalid(what: "entitlements blob", offset: fileOffset + offset,
                                   reason: "its magic is 0x\(String(blobMagic, radix: 16)), expected 0xfade7171")
                }
                guard entitlements == nil else {
                    throw .invalid(what: "entitlements blob", offset: fileOffset + offset, reason: "the signature has two entitlements blobs")
                }
                guard blobLength - 8 <= maximumEntitlementsBytes else {
                    throw .tooMany(what: "bytes of entitlements", count: UInt64(blobLength - 8), limit: maximumEntitlementsBytes)
                }
                let xml = try superBlob.bytes(offset: offset + 8, length: blobLength - 8, what: "entitlements blob")
                do {
                    entitlements = try PropertyListReader(maximumBytes: maximumEntitlementsBytes).read(xml)
                } catch {
                    throw .invalid(what: "entitlements blob", offset: fileOffset + offset, reason: error.description)
                }
            case Self.derEntitlementsSlot:
                hasDER = blobMagic == Self.derEntitlementsMagic
            default:
                break
            }
        }
        let sorted = spans.sorted { $0.start < $1.start }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.end > next.start {
            throw .overlapping(what: "code signature blobs", firstOffset: fileOffset + previous.start, secondOffset: fileOffset + next.start)
        }
        return CodeSignature(entitlements: entitlements, hasDEREntitlements: hasDER, slotTypes: slotTypes)
    }

    /// A readable name for a Mach-O CPU type and subtype.
    static func architectureName(cpuType: UInt32, subtype: UInt32) -> String {
        let capabilityMask: UInt32 = 0xff00_0000
        switch cpuType {
        case 0x0100_000c: return (subtype & ~capabilityMask) == 2 ? "arm64e" : "arm64"
        case 0x0200_000c: return "arm64_32"
        case 0x0000_000c: return "arm"
        case 0x0100_0007: return "x86_64"
        case 0x0000_0007: return "i386"
        default: return "cputype 0x\(String(cpuType, radix: 16))"
        }
    }
}

import Foundation

/// Reads what a Mach-O executable links against: its libraries, its imported symbols and its
/// Objective-C selector names, for every architecture slice.
///
/// Follows `<mach-o/loader.h>`, `<mach-o/nlist.h>` and `<mach-o/fixup-chains.h>`:
/// - libraries from `LC_LOAD_DYLIB` (0xc), `LC_LOAD_WEAK_DYLIB` (0x80000018), `LC_REEXPORT_DYLIB`
///   (0x8000001f), `LC_LAZY_LOAD_DYLIB` (0x20) and `LC_LOAD_UPWARD_DYLIB` (0x80000023);
/// - imports from the chained-fixups table of `LC_DYLD_CHAINED_FIXUPS` (0x80000034), import
///   formats 1, 2 and 3, and from the undefined external entries of `LC_SYMTAB` (0x2);
/// - selector names from the `__objc_methname` section of `LC_SEGMENT_64` (0x19) or `LC_SEGMENT` (0x1).
///
/// The universal header and load commands are first checked by ``MachOReader``; every table read
/// here is bounds-checked and its count capped, so a hostile file gives a ``MachOError``.
package struct MachOLinkageReader: Sendable {
    /// The most symbol-table entries or chained imports read per slice.
    package var maximumSymbols = 500_000
    /// The most bytes of selector names read per slice.
    package var maximumSelectorBytes = 8 * 1024 * 1024

    /// Creates a reader with the default limits.
    package init() {}

    static let loadDylib: UInt32 = 0xc
    static let loadWeakDylib: UInt32 = 0x8000_0018
    static let reexportDylib: UInt32 = 0x8000_001f
    static let lazyLoadDylib: UInt32 = 0x20
    static let loadUpwardDylib: UInt32 = 0x8000_0023
    static let symtab: UInt32 = 0x2
    static let chainedFixups: UInt32 = 0x8000_0034
    static let segment64: UInt32 = 0x19
    static let segment32: UInt32 = 0x1

    /// The linkage of every slice of the executable in `data`.
    package func linkage(in data: Data) throws(MachOError) -> [MachOLinkage] {
        let slices = try MachOReader().slices(in: data)
        let file = ByteView(data)
        let magic = try file.uint32(at: 0, bigEndian: true, what: "file header")
        guard magic == MachOReader.fatMagic || magic == MachOReader.fat64Magic else {
            return [try linkage(of: file, architecture: slices.first?.architecture ?? "unknown")]
        }
        let wide = magic == MachOReader.fat64Magic
        let entrySize = wide ? 32 : 20
        var result: [MachOLinkage] = []
        for (index, slice) in slices.enumerated() {
            let entry = 8 + index * entrySize
            let size: Int
            if wide {
                size = Int(clamping: try file.uint64(at: entry + 16, bigEndian: true, what: "architecture \(index)"))
            } else {
                size = Int(try file.uint32(at: entry + 12, bigEndian: true, what: "architecture \(index)"))
            }
            result.append(try linkage(of: try file.slice(offset: slice.offset, length: size, what: "architecture slice"), architecture: slice.architecture))
        }
        return result
    }

    private func linkage(of slice: ByteView, architecture: String) throws(MachOError) -> MachOLinkage {
        let rawMagic = try slice.uint32(at: 0, bigEndian: false, what: "Mach-O header")
        let bigEndian = rawMagic == MachOReader.magic64.byteSwapped || rawMagic == MachOReader.magic32.byteSwapped
        let is64 = rawMagic == MachOReader.magic64 || rawMagic == MachOReader.magic64.byteSwapped
        let headerSize = is64 ? 32 : 28
        let commandCount = Int(try slice.uint32(at: 16, bigEndian: bigEndian, what: "Mach-O header"))
        let commandsSize = Int(try slice.uint32(at: 20, bigEndian: bigEndian, what: "Mach-O header"))
        let commands = try slice.slice(offset: headerSize, length: commandsSize, what: "load commands")
        var libraries: [MachOLinkage.Library] = []
        var symtab: (symbols: Int, count: Int, strings: Int, stringsSize: Int)?
        var fixups: (offset: Int, size: Int)?
        var methodNames: (offset: Int, size: Int)?
        var cursor = 0
        for index in 0..<commandCount {
            let command = try commands.uint32(at: cursor, bigEndian: bigEndian, what: "load command \(index)")
            let size = Int(try commands.uint32(at: cursor + 4, bigEndian: bigEndian, what: "load command \(index)"))
            let body = try commands.slice(offset: cursor, length: size, what: "load command \(index)")
            switch command {
            case Self.loadDylib, Self.loadWeakDylib, Self.reexportDylib, Self.lazyLoadDylib, Self.loadUpwardDylib:
                let nameOffset = Int(try body.uint32(at: 8, bigEndian: bigEndian, what: "dylib command \(index)"))
                guard nameOffset >= 24, nameOffset < size else {
                    throw .invalid(what: "dylib command \(index)", offset: headerSize + cursor, reason: "its name offset \(nameOffset) is outside the command")
                }
                libraries.append(.init(path: try cString(body, at: nameOffset, limit: size - nameOffset, what: "dylib command \(index)"),
                                       isWeak: command == Self.loadWeakDylib))
            case Self.symtab:
                symtab = (Int(try body.uint32(at: 8, bigEndian: bigEndian, what: "LC_SYMTAB")),
                          Int(try body.uint32(at: 12, bigEndian: bigEndian, what: "LC_SYMTAB")),
                          Int(try body.uint32(at: 16, bigEndian: bigEndian, what: "LC_SYMTAB")),
                          Int(try body.uint32(at: 20, bigEndian: bigEndian, what: "LC_SYMTAB")))
            case Self.chainedFixups:
                fixups = (Int(try body.uint32(at: 8, bigEndian: bigEndian, what: "LC_DYLD_CHAINED_FIXUPS")),
                          Int(try body.uint32(at: 12, bigEndian: bigEndian, what: "LC_DYLD_CHAINED_FIXUPS")))
            case Self.segment64, Self.segment32:
                if let found = try methodNameSection(body, is64: command == Self.segment64, bigEndian: bigEndian) { methodNames = found }
            default:
                break
            }
            cursor += size
        }
        var imports: [MachOLinkage.ImportedSymbol] = []
        func library(_ ordinal: Int) -> String? {
            ordinal >= 1 && ordinal <= libraries.count ? libraries[ordinal - 1].path : nil
        }
        if let fixups {
            let table = try slice.slice(offset: fixups.offset, length: fixups.size, what: "chained fixups")
            imports += try chainedImports(table, library: library)
        }
        if let symtab {
            imports += try undefinedSymbols(slice, symtab, is64: is64, bigEndian: bigEndian, library: library)
        }
        var selectors: [String] = []
        if let methodNames {
            guard methodNames.size <= maximumSelectorBytes else {
                throw .tooMany(what: "bytes of Objective-C selector names", count: UInt64(methodNames.size), limit: maximumSelectorBytes)
            }
            let bytes = try slice.bytes(offset: methodNames.offset, length: methodNames.size, what: "__objc_methname section")
            selectors = bytes.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        }
        return MachOLinkage(architecture: architecture, libraries: libraries, importedSymbols: imports, selectors: selectors)
    }

    /// The file range of `__TEXT,__objc_methname` in a segment command, when it holds that section.
    private func methodNameSection(_ body: ByteView, is64: Bool, bigEndian: Bool) throws(MachOError) -> (offset: Int, size: Int)? {
        let headerSize = is64 ? 72 : 56
        let sectionSize = is64 ? 80 : 68
        let countOffset = is64 ? 64 : 48
        let count = Int(try body.uint32(at: countOffset, bigEndian: bigEndian, what: "segment command"))
        guard headerSize + count * sectionSize <= body.count else {
            throw .truncated(what: "segment command sections", offset: 0, length: headerSize + count * sectionSize, available: body.count)
        }
        for index in 0..<count {
            let section = headerSize + index * sectionSize
            let name = try fixedName(body, at: section)
            guard name == "__objc_methname" else { continue }
            let size = is64 ? Int(clamping: try body.uint64(at: section + 40, bigEndian: bigEndian, what: "section"))
                : Int(try body.uint32(at: section + 36, bigEndian: bigEndian, what: "section"))
            let offset = Int(try body.uint32(at: section + (is64 ? 48 : 40), bigEndian: bigEndian, what: "section"))
            return (offset, size)
        }
        return nil
    }

    private func chainedImports(_ table: ByteView, library: (Int) -> String?) throws(MachOError) -> [MachOLinkage.ImportedSymbol] {
        let importsOffset = Int(try table.uint32(at: 8, bigEndian: false, what: "chained fixups header"))
        let symbolsOffset = Int(try table.uint32(at: 12, bigEndian: false, what: "chained fixups header"))
        let count = Int(try table.uint32(at: 16, bigEndian: false, what: "chained fixups header"))
        let format = try table.uint32(at: 20, bigEndian: false, what: "chained fixups header")
        let compression = try table.uint32(at: 24, bigEndian: false, what: "chained fixups header")
        guard compression == 0 else {
            throw .invalid(what: "chained fixups header", offset: 24, reason: "symbol names are compressed (format \(compression)), which is not read")
        }
        guard count <= maximumSymbols else { throw .tooMany(what: "chained imports", count: UInt64(count), limit: maximumSymbols) }
        let entrySize: Int
        switch format {
        case 1: entrySize = 4
        case 2: entrySize = 8
        case 3: entrySize = 16
        default: throw .invalid(what: "chained fixups header", offset: 20, reason: "unknown import format \(format)")
        }
        try table.check(offset: importsOffset, length: count * entrySize, what: "chained import table")
        guard symbolsOffset <= table.count else {
            throw .truncated(what: "chained import names", offset: symbolsOffset, length: 0, available: table.count)
        }
        let names = try table.slice(offset: symbolsOffset, length: table.count - symbolsOffset, what: "chained import names")
        var result: [MachOLinkage.ImportedSymbol] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let entry = importsOffset + index * entrySize
            let ordinal: Int, nameOffset: Int
            if format == 3 {
                let value = try table.uint64(at: entry, bigEndian: false, what: "chained import \(index)")
                ordinal = Int(Int16(truncatingIfNeeded: value & 0xffff))
                nameOffset = Int(value >> 32)
            } else {
                let value = try table.uint32(at: entry, bigEndian: false, what: "chained import \(index)")
                ordinal = Int(Int8(truncatingIfNeeded: value & 0xff))
                nameOffset = Int(value >> 9)
            }
            let name = try cString(names, at: nameOffset, limit: names.count - nameOffset, what: "chained import \(index)")
            result.append(.init(name: name, library: library(ordinal), source: .chainedFixups))
        }
        return result
    }

    private func undefinedSymbols(_ slice: ByteView, _ symtab: (symbols: Int, count: Int, strings: Int, stringsSize: Int),
                                  is64: Bool, bigEndian: Bool, library: (Int) -> String?) throws(MachOError) -> [MachOLinkage.ImportedSymbol] {
        guard symtab.count <= maximumSymbols else { throw .tooMany(what: "symbol-table entries", count: UInt64(symtab.count), limit: maximumSymbols) }
        let entrySize = is64 ? 16 : 12
        let table = try slice.slice(offset: symtab.symbols, length: symtab.count * entrySize, what: "symbol table")
        let strings = try slice.slice(offset: symtab.strings, length: symtab.stringsSize, what: "string table")
        var result: [MachOLinkage.ImportedSymbol] = []
        for index in 0..<symtab.count {
            let entry = index * entrySize
            let type = try table.byte(at: entry + 4, what: "symbol \(index)")
            // External (N_EXT), undefined (N_UNDF), and not a debugging entry (N_STAB).
            guard type & 0xe0 == 0, type & 0x0e == 0, type & 0x01 == 1 else { continue }
            let nameOffset = Int(try table.uint32(at: entry, bigEndian: bigEndian, what: "symbol \(index)"))
            let description = try table.uint16(at: entry + 6, bigEndian: bigEndian, what: "symbol \(index)")
            guard nameOffset < strings.count else {
                throw .invalid(what: "symbol \(index)", offset: symtab.symbols + entry, reason: "its name offset \(nameOffset) is past the string table")
            }
            let name = try cString(strings, at: nameOffset, limit: strings.count - nameOffset, what: "symbol \(index)")
            result.append(.init(name: name, library: library(Int(Int8(truncatingIfNeeded: description >> 8))), source: .symbolTable))
        }
        return result
    }

    /// A NUL-terminated string of at most `limit` bytes at `offset`.
    private func cString(_ view: ByteView, at offset: Int, limit: Int, what: String) throws(MachOError) -> String {
        let length = min(limit, 4096)
        let bytes = try view.bytes(offset: offset, length: max(0, length), what: what)
        guard let end = bytes.firstIndex(of: 0) else {
            throw .invalid(what: what, offset: offset, reason: "a name is not terminated within \(length) bytes")
        }
        return String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
    }

    /// A 16-byte, NUL-padded name (a section or segment name).
    private func fixedName(_ view: ByteView, at offset: Int) throws(MachOError) -> String {
        let bytes = try view.bytes(offset: offset, length: 16, what: "section name")
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}

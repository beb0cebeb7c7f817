import Foundation

/// Builds Mach-O executables that link libraries and import symbols, following
/// `<mach-o/loader.h>`, `<mach-o/nlist.h>` and `<mach-o/fixup-chains.h>`: dylib load commands,
/// a `__TEXT,__objc_methname` section, a chained-fixups import table and a classic symbol table,
/// optionally followed by a code signature.
enum LinkageFixture {
    /// What one slice links and imports.
    struct Spec {
        /// Install names, and whether each is linked weakly.
        var libraries: [(path: String, weak: Bool)] = []
        /// Imports in the chained-fixups table: name and 1-based library ordinal.
        var chainedImports: [(name: String, ordinal: Int)] = []
        /// The chained import format: 1 (`DYLD_CHAINED_IMPORT`), 2 (with addend) or 3 (64-bit addend).
        var importFormat: UInt32 = 1
        /// Undefined external symbols in `LC_SYMTAB`: name and library ordinal.
        var symbolTableImports: [(name: String, ordinal: Int)] = []
        /// Selector names in `__objc_methname`.
        var selectors: [String] = []
        /// The entitlements signed in, when the slice is signed.
        var signature: MachOFixture.Signature?
    }

    static func thin(_ spec: Spec, cpuType: UInt32 = MachOFixture.cpuTypeARM64) -> Data {
        let le32 = MachOFixture.le32
        func le64(_ value: UInt64) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        func name16(_ text: String) -> Data { var data = Data(text.utf8); data.append(Data(repeating: 0, count: 16 - data.count)); return data }
        func dylibSize(_ path: String) -> Int { (24 + path.utf8.count + 1 + 7) / 8 * 8 }

        let headerSize = 32
        var commandsSize = spec.libraries.reduce(0) { $0 + dylibSize($1.path) }
        if !spec.selectors.isEmpty { commandsSize += 72 + 80 }
        if !spec.chainedImports.isEmpty { commandsSize += 16 }
        if !spec.symbolTableImports.isEmpty { commandsSize += 24 }
        if spec.signature != nil { commandsSize += 16 }
        let dataStart = headerSize + commandsSize

        // The data after the load commands.
        var payload = Data()
        var methnameRange = (0, 0)
        if !spec.selectors.isEmpty {
            let bytes = spec.selectors.reduce(into: Data()) { $0.append(Data($1.utf8)); $0.append(0) }
            methnameRange = (dataStart + payload.count, bytes.count)
            payload.append(bytes)
        }
        while payload.count % 8 != 0 { payload.append(0) }
        var fixupsRange = (0, 0)
        if !spec.chainedImports.isEmpty {
            let entrySize = spec.importFormat == 3 ? 16 : spec.importFormat == 2 ? 8 : 4
            var names = Data([0])
            var entries = Data()
            for item in spec.chainedImports {
                let offset = names.count
                names.append(Data(item.name.utf8)); names.append(0)
                switch spec.importFormat {
                case 3:
                    entries.append(le64(UInt64(UInt16(truncatingIfNeeded: item.ordinal)) | UInt64(offset) << 32)); entries.append(le64(0))
                default:
                    entries.append(le32(UInt32(UInt8(truncatingIfNeeded: item.ordinal)) | UInt32(offset) << 9))
                    if spec.importFormat == 2 { entries.append(le32(0)) }
                }
            }
            let importsOffset = 32
            var blob = Data()
            blob.append(le32(0)); blob.append(le32(28)); blob.append(le32(UInt32(importsOffset)))
            blob.append(le32(UInt32(importsOffset + spec.chainedImports.count * entrySize)))
            blob.append(le32(UInt32(spec.chainedImports.count))); blob.append(le32(spec.importFormat)); blob.append(le32(0))
            blob.append(le32(0)) // dyld_chained_starts_in_image: no segments
            blob.append(entries); blob.append(names)
            fixupsRange = (dataStart + payload.count, blob.count)
            payload.append(blob)
        }
        while payload.count % 8 != 0 { payload.append(0) }
        var symtab = (symbols: 0, count: 0, strings: 0, size: 0)
        if !spec.symbolTableImports.isEmpty {
            var strings = Data([0x20, 0])
            var entries = Data()
            // A defined external symbol first (N_SECT | N_EXT), which is not an import.
            entries.append(le32(UInt32(strings.count))); entries.append(Data([0x0f, 1])); entries.append(le16(0)); entries.append(le64(0x1_0000_0000))
            strings.append(Data("_main".utf8)); strings.append(0)
            for item in spec.symbolTableImports {
                entries.append(le32(UInt32(strings.count))); entries.append(Data([0x01, 0]))
                entries.append(le16(UInt16(UInt8(truncatingIfNeeded: item.ordinal)) << 8)); entries.append(le64(0))
                strings.append(Data(item.name.utf8)); strings.append(0)
            }
            symtab = (dataStart + payload.count, spec.symbolTableImports.count + 1, dataStart + payload.count + entries.count, strings.count)
            payload.append(entries); payload.append(strings)
        }
        while payload.count % 16 != 0 { payload.append(0) }
        var signatureBlob = Data()
        if let signature = spec.signature { signatureBlob = MachOFixture.superBlob(signature).0 }
        let signatureOffset = dataStart + payload.count

        var commands = Data()
        var count: UInt32 = 0
        for library in spec.libraries {
            let size = dylibSize(library.path)
            var command = Data()
            command.append(le32(library.weak ? 0x8000_0018 : 0xc)); command.append(le32(UInt32(size)))
            command.append(le32(24)); command.append(le32(2)); command.append(le32(0x1_0000)); command.append(le32(0x1_0000))
            command.append(Data(library.path.utf8))
            command.append(Data(repeating: 0, count: size - command.count))
            commands.append(command); count += 1
        }
        if !spec.selectors.isEmpty {
            commands.append(le32(0x19)); commands.append(le32(72 + 80)); commands.append(name16("__TEXT"))
            commands.append(le64(0x1_0000_0000)); commands.append(le64(0x4000)); commands.append(le64(0)); commands.append(le64(UInt64(dataStart + payload.count)))
            commands.append(le32(5)); commands.append(le32(5)); commands.append(le32(1)); commands.append(le32(0))
            commands.append(name16("__objc_methname")); commands.append(name16("__TEXT"))
            commands.append(le64(0x1_0000_0000 + UInt64(methnameRange.0))); commands.append(le64(UInt64(methnameRange.1)))
            commands.append(le32(UInt32(methnameRange.0))); commands.append(le32(0)); commands.append(le32(0)); commands.append(le32(0))
            commands.append(le32(2)); commands.append(le32(0)); commands.append(le32(0)); commands.append(le32(0))
            count += 1
        }
        if !spec.chainedImports.isEmpty {
            commands.append(le32(0x8000_0034)); commands.append(le32(16)); commands.append(le32(UInt32(fixupsRange.0))); commands.append(le32(UInt32(fixupsRange.1)))
            count += 1
        }
        if !spec.symbolTableImports.isEmpty {
            commands.append(le32(0x2)); commands.append(le32(24))
            commands.append(le32(UInt32(symtab.symbols))); commands.append(le32(UInt32(symtab.count)))
            commands.append(le32(UInt32(symtab.strings))); commands.append(le32(UInt32(symtab.size)))
            count += 1
        }
        if spec.signature != nil {
            commands.append(le32(0x1d)); commands.append(le32(16)); commands.append(le32(UInt32(signatureOffset))); commands.append(le32(UInt32(signatureBlob.count)))
            count += 1
        }
        precondition(commands.count == commandsSize, "the load commands' size was computed wrongly")
        var file = Data()
        file.append(le32(0xfeed_facf)); file.append(le32(cpuType)); file.append(le32(0)); file.append(le32(2))
        file.append(le32(count)); file.append(le32(UInt32(commands.count))); file.append(le32(0x0020_0085)); file.append(le32(0))
        file.append(commands); file.append(payload); file.append(signatureBlob)
        return file
    }

    /// A universal file of two slices, arm64 and x86_64.
    static func fat(arm64: Spec, x86_64: Spec) -> Data {
        func wrap(_ data: Data) -> MachOFixture.Thin { MachOFixture.Thin(data: data) }
        return MachOFixture.fat([
            (MachOFixture.cpuTypeARM64, wrap(thin(arm64, cpuType: MachOFixture.cpuTypeARM64))),
            (MachOFixture.cpuTypeX86_64, wrap(thin(x86_64, cpuType: MachOFixture.cpuTypeX86_64))),
        ])
    }

    static let frameworks = "/System/Library/Frameworks"
    static func framework(_ name: String) -> String { "\(frameworks)/\(name).framework/\(name)" }
}

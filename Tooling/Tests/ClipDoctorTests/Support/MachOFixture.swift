import Foundation

/// Builds small Mach-O files for tests, following Apple's published layout (`<mach-o/loader.h>`,
/// `<mach-o/fat.h>` and the code-signing blob formats): a little-endian `mach_header_64`, load
/// commands, and a big-endian code-signature SuperBlob with an entitlements blob.
enum MachOFixture {
    static let cpuTypeARM64: UInt32 = 0x0100_000c
    static let cpuTypeX86_64: UInt32 = 0x0100_0007

    /// One thin slice and the offsets a test may want to corrupt.
    struct Thin {
        var data: Data
        /// Where `LC_CODE_SIGNATURE` starts, if written.
        var codeSignatureCommandOffset: Int?
        /// Where the SuperBlob starts, if written.
        var superBlobOffset: Int?
        /// Where the entitlements blob starts, if written.
        var entitlementsBlobOffset: Int?
    }

    /// The blobs a signature holds.
    struct Signature {
        var entitlementsXML: Data?
        var includesCodeDirectory = true
        var includesDEREntitlements = false
    }

    /// A thin 64-bit (or 32-bit) executable, optionally signed.
    static func thin(cpuType: UInt32 = cpuTypeARM64, is64Bit: Bool = true, signature: Signature?) -> Thin {
        let headerSize = is64Bit ? 32 : 28
        var commands = Data()
        // LC_UUID (0x1b), 24 bytes, as filler so the signature command is not the first.
        commands.append(le32(0x1b)); commands.append(le32(24)); commands.append(Data(repeating: 0xAB, count: 16))
        var codeSignatureCommandOffset: Int?
        var commandCount: UInt32 = 1
        if signature != nil {
            codeSignatureCommandOffset = headerSize + commands.count
            commands.append(le32(0x1d)); commands.append(le32(16))
            commands.append(le32(0)); commands.append(le32(0)) // patched below
            commandCount += 1
        }
        var file = Data()
        file.append(le32(is64Bit ? 0xfeed_facf : 0xfeed_face))
        file.append(le32(cpuType)); file.append(le32(0)); file.append(le32(2)) // cpusubtype, MH_EXECUTE
        file.append(le32(commandCount)); file.append(le32(UInt32(commands.count)))
        file.append(le32(0x0020_0085)) // flags
        if is64Bit { file.append(le32(0)) }
        file.append(commands)
        // Some "code": a page of bytes.
        file.append(Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        guard let signature else { return Thin(data: file, codeSignatureCommandOffset: nil, superBlobOffset: nil, entitlementsBlobOffset: nil) }
        while file.count % 16 != 0 { file.append(0) }
        let superBlobOffset = file.count
        let (blob, entitlementsOffset) = superBlob(signature)
        file.append(blob)
        if let commandOffset = codeSignatureCommandOffset {
            file.replaceSubrange((commandOffset + 8)..<(commandOffset + 12), with: le32(UInt32(superBlobOffset)))
            file.replaceSubrange((commandOffset + 12)..<(commandOffset + 16), with: le32(UInt32(blob.count)))
        }
        return Thin(data: file, codeSignatureCommandOffset: codeSignatureCommandOffset, superBlobOffset: superBlobOffset,
                    entitlementsBlobOffset: entitlementsOffset.map { superBlobOffset + $0 })
    }

    /// A SuperBlob (`0xfade0cc0`) with the requested blobs; returns it and the entitlements blob's offset in it.
    static func superBlob(_ signature: Signature) -> (Data, Int?) {
        var blobs: [(type: UInt32, bytes: Data)] = []
        if signature.includesCodeDirectory {
            var directory = Data(); directory.append(be32(0xfade_0c02)); directory.append(be32(8 + 32)); directory.append(Data(repeating: 0x11, count: 32))
            blobs.append((0, directory))
        }
        if let xml = signature.entitlementsXML {
            var entitlements = Data(); entitlements.append(be32(0xfade_7171)); entitlements.append(be32(UInt32(8 + xml.count))); entitlements.append(xml)
            blobs.append((5, entitlements))
        }
        if signature.includesDEREntitlements {
            var der = Data(); der.append(be32(0xfade_7172)); der.append(be32(8 + 4)); der.append(Data([0x70, 0x02, 0x00, 0x00]))
            blobs.append((7, der))
        }
        let headerSize = 12 + blobs.count * 8
        var offsets: [Int] = []
        var cursor = headerSize
        for blob in blobs { offsets.append(cursor); cursor += blob.bytes.count }
        var data = Data()
        data.append(be32(0xfade_0cc0)); data.append(be32(UInt32(cursor))); data.append(be32(UInt32(blobs.count)))
        for (blob, offset) in zip(blobs, offsets) { data.append(be32(blob.type)); data.append(be32(UInt32(offset))) }
        for blob in blobs { data.append(blob.bytes) }
        let entitlementsIndex = blobs.firstIndex { $0.type == 5 }
        return (data, entitlementsIndex.map { offsets[$0] })
    }

    /// A universal (fat) file holding `slices`, each aligned to 2^12 bytes; `wide` writes `fat_arch_64`.
    static func fat(_ slices: [(cpuType: UInt32, thin: Thin)], wide: Bool = false) -> Data {
        let entrySize = wide ? 32 : 20
        let alignment = 4096
        var offsets: [Int] = []
        var cursor = 8 + slices.count * entrySize
        for slice in slices {
            cursor = (cursor + alignment - 1) / alignment * alignment
            offsets.append(cursor)
            cursor += slice.thin.data.count
        }
        var data = Data()
        data.append(be32(wide ? 0xcafe_babf : 0xcafe_babe)); data.append(be32(UInt32(slices.count)))
        for (slice, offset) in zip(slices, offsets) {
            data.append(be32(slice.cpuType)); data.append(be32(0))
            if wide {
                data.append(be64(UInt64(offset))); data.append(be64(UInt64(slice.thin.data.count)))
                data.append(be32(12)); data.append(be32(0))
            } else {
                data.append(be32(UInt32(offset))); data.append(be32(UInt32(slice.thin.data.count))); data.append(be32(12))
            }
        }
        for (slice, offset) in zip(slices, offsets) {
            data.append(Data(repeating: 0, count: offset - data.count))
            data.append(slice.thin.data)
        }
        return data
    }

    static func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    static func be32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
    static func be64(_ value: UInt64) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
}

extension Data {
    /// Overwrites four bytes at `offset` with `value` in big-endian order.
    mutating func patchBigEndian32(at offset: Int, _ value: UInt32) {
        replaceSubrange(offset..<(offset + 4), with: MachOFixture.be32(value))
    }

    /// Overwrites four bytes at `offset` with `value` in little-endian order.
    mutating func patchLittleEndian32(at offset: Int, _ value: UInt32) {
        replaceSubrange(offset..<(offset + 4), with: MachOFixture.le32(value))
    }
}

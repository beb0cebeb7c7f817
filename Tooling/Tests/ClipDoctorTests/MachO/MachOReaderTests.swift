import ClipDoctor
import Foundation
import Testing

@Suite struct MachOReaderTests {
    static let entitlements: PropertyListValue = .dictionary([
        "application-identifier": .string("6Y98438M9X.com.roadflare.RoadFlare.Clip"),
        "com.apple.developer.on-demand-install-capable": .boolean(true),
    ])
    static let xml = PropertyListWriter.xml(entitlements)

    @Test func readsEntitlementsFromAThinSignedBinary() throws {
        let thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml, includesDEREntitlements: true))
        let slices = try MachOReader().slices(in: thin.data)
        #expect(slices.count == 1)
        #expect(slices[0].architecture == "arm64")
        #expect(slices[0].codeSignature?.entitlements == Self.entitlements)
        #expect(slices[0].codeSignature?.hasDEREntitlements == true)
        #expect(slices[0].codeSignature?.slotTypes == [0, 5, 7])
    }

    @Test func readsA32BitThinBinary() throws {
        let thin = MachOFixture.thin(cpuType: 12, is64Bit: false, signature: .init(entitlementsXML: Self.xml))
        let slices = try MachOReader().slices(in: thin.data)
        #expect(slices.map(\.architecture) == ["arm"])
        #expect(slices[0].codeSignature?.entitlements == Self.entitlements)
    }

    @Test(arguments: [false, true])
    func readsEverySliceOfAUniversalBinary(wide: Bool) throws {
        let arm = MachOFixture.thin(cpuType: MachOFixture.cpuTypeARM64, signature: .init(entitlementsXML: Self.xml))
        let intel = MachOFixture.thin(cpuType: MachOFixture.cpuTypeX86_64, signature: .init(entitlementsXML: Self.xml))
        let data = MachOFixture.fat([(MachOFixture.cpuTypeARM64, arm), (MachOFixture.cpuTypeX86_64, intel)], wide: wide)
        let slices = try MachOReader().slices(in: data)
        #expect(slices.map(\.architecture) == ["arm64", "x86_64"])
        #expect(slices.map(\.offset) == [4096, 8192])
        #expect(slices.allSatisfy { $0.codeSignature?.entitlements == Self.entitlements })
    }

    @Test func anUnsignedBinaryHasNoSignature() throws {
        let slices = try MachOReader().slices(in: MachOFixture.thin(signature: nil).data)
        #expect(slices.count == 1)
        #expect(slices[0].codeSignature == nil)
    }

    @Test func aSignatureWithoutEntitlementsHasNone() throws {
        let slices = try MachOReader().slices(in: MachOFixture.thin(signature: .init(entitlementsXML: nil)).data)
        #expect(slices[0].codeSignature != nil)
        #expect(slices[0].codeSignature?.entitlements == nil)
    }

    @Test func recognisesMagicNumbers() {
        #expect(MachOReader.looksLikeMachO(MachOFixture.thin(signature: nil).data))
        #expect(!MachOReader.looksLikeMachO(Data("#!/bin/sh\n".utf8)))
    }

    // MARK: Hostile and truncated files

    private func expectError(_ data: Data, containing text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            _ = try MachOReader().slices(in: data)
        } throws: { error in
            guard let error = error as? MachOError else { return false }
            return error.description.contains(text)
        }
    }

    @Test func wrongMagic() {
        expectError(Data([0xde, 0xad, 0xbe, 0xef, 0, 0, 0, 0]), containing: "not a Mach-O file")
    }

    @Test func truncatedHeader() {
        expectError(MachOFixture.thin(signature: nil).data.prefix(20), containing: "Mach-O header")
    }

    @Test func signatureOffsetPastTheEnd() {
        var thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml))
        guard let command = thin.codeSignatureCommandOffset else { Issue.record("no signature command"); return }
        thin.data.patchLittleEndian32(at: command + 8, 0x7FFF_FFF0)
        expectError(thin.data, containing: "code signature")
    }

    @Test func signatureOffsetPointingIntoTheLoadCommands() {
        var thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml))
        guard let command = thin.codeSignatureCommandOffset else { Issue.record("no signature command"); return }
        thin.data.patchLittleEndian32(at: command + 8, 8)
        expectError(thin.data, containing: "points into the header")
    }

    @Test func hugeLoadCommandCount() {
        var data = MachOFixture.thin(signature: nil).data
        data.patchLittleEndian32(at: 16, 0xFFFF_FFFF)
        expectError(data, containing: "load commands")
    }

    @Test func zeroSizedLoadCommandCannotLoop() {
        var data = MachOFixture.thin(signature: nil).data
        data.patchLittleEndian32(at: 32 + 4, 0) // LC_UUID's cmdsize
        expectError(data, containing: "its size 0")
    }

    @Test func hugeBlobCount() {
        var thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml))
        guard let superBlob = thin.superBlobOffset else { Issue.record("no SuperBlob"); return }
        thin.data.patchBigEndian32(at: superBlob + 8, 0xFFFF_FFFF)
        expectError(thin.data, containing: "blobs in the code signature")
    }

    @Test func blobOffsetLoopingBackIntoTheIndex() {
        var thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml))
        guard let superBlob = thin.superBlobOffset else { Issue.record("no SuperBlob"); return }
        // The second index entry (entitlements) points at the SuperBlob's own header.
        thin.data.patchBigEndian32(at: superBlob + 12 + 8 + 4, 0)
        expectError(thin.data, containing: "points back into the SuperBlob")
    }

    @Test func overlappingBlobs() {
        var thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml))
        guard let superBlob = thin.superBlobOffset else { Issue.record("no SuperBlob"); return }
        // Stretch the code directory's length over the entitlements blob that follows it.
        let directoryOffset = superBlob + 12 + 2 * 8
        thin.data.patchBigEndian32(at: directoryOffset + 4, 8 + 32 + 16)
        expectError(thin.data, containing: "overlap")
    }

    @Test func entitlementsBlobWithWrongMagic() {
        var thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml))
        guard let blob = thin.entitlementsBlobOffset else { Issue.record("no entitlements blob"); return }
        thin.data.patchBigEndian32(at: blob, 0xfade_0000)
        expectError(thin.data, containing: "expected 0xfade7171")
    }

    @Test func entitlementsBlobLengthPastTheSuperBlob() {
        var thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml))
        guard let blob = thin.entitlementsBlobOffset else { Issue.record("no entitlements blob"); return }
        thin.data.patchBigEndian32(at: blob + 4, 0x00FF_FFFF)
        expectError(thin.data, containing: "run past the end")
    }

    @Test func entitlementsThatAreNotAPlist() {
        let thin = MachOFixture.thin(signature: .init(entitlementsXML: Data("not a plist".utf8)))
        expectError(thin.data, containing: "entitlements blob")
    }

    @Test func universalHeaderWithHugeArchitectureCount() {
        var data = Data()
        data.append(MachOFixture.be32(0xcafe_babe)); data.append(MachOFixture.be32(0x0000_0034)) // also a Java class file's version
        data.append(Data(repeating: 0, count: 64))
        expectError(data, containing: "architectures in the universal header")
    }

    @Test func universalSlicePastTheEnd() {
        let thin = MachOFixture.thin(signature: nil)
        var data = MachOFixture.fat([(MachOFixture.cpuTypeARM64, thin)])
        data.patchBigEndian32(at: 8 + 12, 0x7FFF_0000) // size
        expectError(data, containing: "architecture 0")
    }

    @Test func overlappingUniversalSlices() {
        let thin = MachOFixture.thin(signature: nil)
        var data = MachOFixture.fat([(MachOFixture.cpuTypeARM64, thin), (MachOFixture.cpuTypeX86_64, MachOFixture.thin(cpuType: MachOFixture.cpuTypeX86_64, signature: nil))])
        data.patchBigEndian32(at: 8 + 20 + 8, 4096) // the second slice starts where the first does
        expectError(data, containing: "overlap")
    }

    @Test func universalFileNestedInAnother() {
        let inner = MachOFixture.fat([(MachOFixture.cpuTypeARM64, MachOFixture.thin(signature: nil))])
        var outer = MachOFixture.fat([(MachOFixture.cpuTypeARM64, MachOFixture.Thin(data: inner, codeSignatureCommandOffset: nil, superBlobOffset: nil, entitlementsBlobOffset: nil))])
        outer.append(Data(count: 16))
        expectError(outer, containing: "nested")
    }

    @Test func universalHeaderDisagreesWithTheSlice() {
        let thin = MachOFixture.thin(cpuType: MachOFixture.cpuTypeARM64, signature: nil)
        let data = MachOFixture.fat([(MachOFixture.cpuTypeX86_64, thin)])
        expectError(data, containing: "says x86_64")
    }
}

import ClipDoctor
import ClipTestSupport
import Foundation
import Testing

/// Seeded mutations of valid thin and universal signed binaries: every case must be read or give a
/// ``MachOError`` — no crash, no hang.
@Suite struct MachOFuzzTests {
    static let xml = PropertyListWriter.xml(.dictionary([
        "com.apple.developer.on-demand-install-capable": .boolean(true),
        "com.apple.developer.associated-domains": .array([.string("appclips:roadflare.app")]),
    ]))

    @Test func mutatedThinBinariesNeverCrash() {
        let seed = [UInt8](MachOFixture.thin(signature: .init(entitlementsXML: Self.xml, includesDEREntitlements: true)).data)
        run(seed: seed, cases: 5_000, randomSeed: 0x3ac0_0001)
    }

    @Test func mutatedUniversalBinariesNeverCrash() {
        // Keep the universal seed small: the slices' signatures sit right after the fat header.
        let arm = MachOFixture.thin(cpuType: MachOFixture.cpuTypeARM64, signature: .init(entitlementsXML: Self.xml))
        let intel = MachOFixture.thin(cpuType: MachOFixture.cpuTypeX86_64, signature: .init(entitlementsXML: Self.xml))
        for wide in [false, true] {
            let seed = [UInt8](MachOFixture.fat([(MachOFixture.cpuTypeARM64, arm), (MachOFixture.cpuTypeX86_64, intel)], wide: wide))
            run(seed: seed, cases: 2_500, randomSeed: wide ? 0x3ac0_0003 : 0x3ac0_0002)
        }
    }

    @Test func mutationsConcentratedOnTheSignatureNeverCrash() {
        // Mutate only the SuperBlob, so most cases get past the Mach-O header into the signature.
        let thin = MachOFixture.thin(signature: .init(entitlementsXML: Self.xml, includesDEREntitlements: true))
        guard let start = thin.superBlobOffset else { Issue.record("no SuperBlob"); return }
        let head = [UInt8](thin.data.prefix(start))
        let signature = [UInt8](thin.data.dropFirst(start))
        var mutator = SeededMutator(seed: 0x3ac0_0004)
        var rejected = 0, read = 0
        for _ in 0..<5_000 {
            let mutated = mutator.mutate(signature, maximumEdits: 4, edits: SeededMutator.Edit.binary)
            var data = Data(head + mutated)
            // Keep LC_CODE_SIGNATURE's size in step with the mutated blob half of the time.
            if let command = thin.codeSignatureCommandOffset, mutated.count % 2 == 0 {
                data.patchLittleEndian32(at: command + 12, UInt32(mutated.count))
            }
            do { _ = try MachOReader().slices(in: data); read += 1 } catch { rejected += 1 }
        }
        #expect(read + rejected == 5_000)
        #expect(rejected > 0)
        #expect(read > 0)
    }

    private func run(seed: [UInt8], cases: Int, randomSeed: UInt64) {
        var mutator = SeededMutator(seed: randomSeed)
        var rejected = 0, read = 0
        let start = ContinuousClock.now
        for _ in 0..<cases {
            let data = Data(mutator.mutate(seed, maximumEdits: 4, edits: SeededMutator.Edit.binary))
            do {
                _ = try MachOReader().slices(in: data)
                read += 1
            } catch {
                rejected += 1
            }
        }
        #expect(read + rejected == cases)
        #expect(rejected > 0)
        #expect(read > 0, "some mutations (in padding or code) leave the file readable")
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}

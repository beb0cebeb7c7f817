import ClipDoctor
import ClipTestSupport
import Foundation
import Testing

/// Seeded mutations of valid XML and binary plists: every case must parse or throw a
/// ``PropertyListError`` — no crash, no hang.
@Suite struct PropertyListFuzzTests {
    static let seedValue: PropertyListValue = .dictionary([
        "com.apple.developer.associated-domains": .array([.string("appclips:bsky.app"), .string("applinks:bsky.app")]),
        "com.apple.developer.on-demand-install-capable": .boolean(true),
        "com.apple.security.application-groups": .array([.string("group.app.bsky")]),
        "n": .integer(123_456_789), "r": .real(1.5), "d": .data(Data([1, 2, 3])), "t": .date(1000),
        "nested": .array([.dictionary(["a": .array([.string("x"), .integer(-1)])])]),
    ])

    @Test func mutatedXMLNeverCrashes() throws {
        let seed = [UInt8](PropertyListWriter.xml(Self.seedValue))
        try run(seed: seed, cases: 4_000, randomSeed: 0x5eed_0001)
    }

    @Test func mutatedBinaryNeverCrashes() throws {
        let seed = [UInt8](try Fixtures.binaryPlist(Self.seedValue))
        try run(seed: seed, cases: 6_000, randomSeed: 0x5eed_0002)
    }

    private func run(seed: [UInt8], cases: Int, randomSeed: UInt64) throws {
        var mutator = SeededMutator(seed: randomSeed)
        let reader = PropertyListReader()
        var parsed = 0, rejected = 0
        let start = ContinuousClock.now
        for _ in 0..<cases {
            let input = Data(mutator.mutate(seed, maximumEdits: 4, edits: SeededMutator.Edit.binary))
            do {
                _ = try reader.read(input)
                parsed += 1
            } catch {
                rejected += 1
            }
        }
        #expect(parsed + rejected == cases)
        #expect(rejected > 0, "mutations should break some inputs")
        // A guard against hangs, not a speed claim: thousands of small inputs take well under this.
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}

import ClipNostr
import ClipTestSupport
import Testing

/// Seeded mutations of genuine events: decoding and verifying never crash, and nothing that
/// verifies differs from the original in any signed field.
@Suite struct EventDecoderFuzzTests {
    @Test func mutatedEventsNeverVerifyWithOtherFields() throws {
        let originals = try [SampleEvents.noteJSON, SampleEvents.profileJSON].map(SampleEvents.decode)
        let seeds = [SampleEvents.noteJSON, SampleEvents.profileJSON].map { Array($0.utf8) }
        let tokens = [#"\/"#, #"\u0041"#, " ", #"\ud800"#, #""kind":0,"#, #""tags":[],"#, "0", "1", "\"", "\\", "}", "]"].map { Array($0.utf8) }
        let verifier = EventVerifier()
        var mutator = SeededMutator(seed: 0x5EED_0E01)
        var decoded = 0
        var verified = 0
        for round in 0..<6_000 {
            let input = mutator.mutate(mutator.pick(seeds), tokens: tokens, maximumEdits: 2)
            guard let event = try? NostrEvent(jsonData: input) else { continue }
            decoded += 1
            guard (try? verifier.verify(event).get()) != nil else { continue }
            verified += 1
            let signedFieldsMatch = originals.contains { original in
                original.id == event.id && original.pubkey == event.pubkey && original.createdAt == event.createdAt
                    && original.kind == event.kind && original.tags == event.tags && original.content == event.content
            }
            #expect(signedFieldsMatch, "round \(round): a mutated event verified with different fields: \(String(decoding: input, as: UTF8.self).prefix(300))")
        }
        #expect(decoded > 200, "too few mutations decoded (\(decoded))")
        #expect(verified > 0, "no harmless mutation (whitespace, an extra member) survived, so the property was never exercised")
    }
}

@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// Seeded random mutations of valid entries: the envelope decoder never crashes or hangs, and whatever
/// it accepts satisfies the envelope's rules.
@Suite struct HandoffEnvelopeFuzzTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static let seeds: [Data] = [
        Samples.envelope(),
        Samples.envelope(type: .string("bluesky.starterPack"), payload: .object(["starterPackUri": .string("https://bsky.app/start/a.bsky.social/3k")])),
        Samples.envelope(type: .string("shop.cart"), payload: .object(["items": .array([.string("tea"), .number(2.5), .null, .bool(true)]), "nested": .object(["a": .array([])])])),
        Data(#"{"createdAt":1699999000,"expiresAt":1700086400,"payload":"\u00e9\ud83d\ude00\n","schema":1,"type":"text"}"#.utf8),
    ]

    @Test func mutatedEntriesAreAcceptedOnlyWhenValid() {
        var mutator = SeededMutator(seed: 0xC11B_4A4D)
        var accepted = 0
        var reasons: [String: Int] = [:]
        for caseNumber in 0..<20_000 {
            let input = Data(mutator.mutate([UInt8](mutator.pick(Self.seeds)), tokens: JSONFuzzTokens.all))
            do {
                let envelope = try HandoffEnvelope(validating: input, now: Self.now)
                accepted += 1
                let lifetime = envelope.expiresAt.timeIntervalSince(envelope.createdAt)
                #expect(lifetime >= 1 && lifetime <= TimeInterval(HandoffEnvelope.maximumLifetime), "case \(caseNumber)")
                #expect(Self.now < envelope.expiresAt, "case \(caseNumber)")
                #expect(envelope.createdAt.timeIntervalSince(Self.now) <= HandoffEnvelope.defaultClockSkewAllowance, "case \(caseNumber)")
                #expect(envelope.schemaVersion == 1 && HandoffEnvelope.isTypeName(envelope.typeName), "case \(caseNumber)")
                // Accepted bytes are JSON that Foundation reads the same way.
                #expect(FoundationJSON.decode(input) != nil, "case \(caseNumber)")
                // The same bytes expire at their expiry and are refused before their creation.
                #expect(throws: HandoffDiagnostic.expired(expiresAt: envelope.expiresAt, now: envelope.expiresAt), "case \(caseNumber)") {
                    try HandoffEnvelope(validating: input, now: envelope.expiresAt)
                }
                let early = envelope.createdAt.addingTimeInterval(-HandoffEnvelope.defaultClockSkewAllowance - 1)
                #expect(throws: HandoffDiagnostic.futureDated(createdAt: envelope.createdAt, now: early), "case \(caseNumber)") {
                    try HandoffEnvelope(validating: input, now: early)
                }
            } catch {
                guard let error = error as? HandoffDiagnostic else {
                    Issue.record("case \(caseNumber): threw \(type(of: error)), not HandoffDiagnostic")
                    continue
                }
                reasons[error.code, default: 0] += 1
                #expect(error.removedEntry, "case \(caseNumber)")
            }
        }
        // The mutations reach every kind of rejection, and some mutations stay valid.
        #expect(accepted > 100)
        #expect(Set(reasons.keys).isSuperset(of: ["corrupt", "truncated", "unknownVersion", "futureDated"]))
    }

    @Test func everyProperPrefixOfAnEntryIsReportedAsTruncated() {
        for seed in Self.seeds {
            for length in 0..<seed.count {
                #expect(throws: HandoffDiagnostic.truncated(bytes: length)) {
                    try HandoffEnvelope(validating: seed.prefix(length), now: Self.now)
                }
            }
        }
    }

    @Test func mutatedEntriesInAStoreAreClaimedOrDiscardedNeverLeftBehind() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        var mutator = SeededMutator(seed: 0x5EED_F00D)
        for caseNumber in 0..<300 {
            try fixture.writeEntry(Data(mutator.mutate([UInt8](Self.seeds[0]), tokens: JSONFuzzTokens.all)))
            fixture.log.clear()
            let claimed = store.claim(TicketHandoff.self)
            #expect(!fixture.entryExists, "case \(caseNumber)")
            #expect((claimed == nil) == (fixture.log.entries.count == 1), "case \(caseNumber): nothing claimed must come with one reason")
            if let claimed { #expect(claimed.problem == nil, "case \(caseNumber)") }
        }
    }
}

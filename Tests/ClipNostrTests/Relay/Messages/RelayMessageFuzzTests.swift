@_spi(ClipKitTooling) @testable import ClipNostr
import ClipTestSupport
import Testing

@Suite("Relay message fuzzing")
struct RelayMessageFuzzTests {
    static let seeds: [String] = [
        #"["EVENT","sub-1",\#(SampleEvents.profileJSON)]"#,
        #"["EVENT","sub-1",\#(SampleEvents.noteJSON)]"#,
        #"["EOSE","sub-1"]"#,
        #"["CLOSED","sub-1","error: shutting down"]"#,
        #"["NOTICE","rate limited \u00e9"]"#,
        #"["OK","867d3779eed94b5db3cf91fb25af4e2920e97725acdbd7f2a74537212ee136f8",true,""]"#,
        #"["AUTH","challenge-string"]"#,
    ]
    static let tokens: [[UInt8]] = [
        "\"", "\\", "[", "]", "{", "}", ",", ":", "\\u", "\\ud800", "null", "true", "1e999", "-0", "\u{0}",
        "\"EVENT\"", "\"EOSE\"", "\"id\"", "\"created_at\":", "\"tags\":[[", "\u{FF}", "\u{C3}",
    ].map { Array($0.utf8) }

    @Test("20,000 seeded mutations of valid frames never crash, and anything accepted is well-formed")
    func mutations() {
        var mutator = SeededMutator(seed: 0xC11F_0001)
        var accepted = 0
        for index in 0..<20_000 {
            let seed = Array(mutator.pick(Self.seeds).utf8)
            let bytes = mutator.mutate(seed, tokens: Self.tokens, maximumEdits: 1 + index % 4)
            // Relays send text frames: invalid UTF-8 arrives already repaired by the transport.
            let frame = String(decoding: bytes, as: UTF8.self)
            guard let message = try? RelayMessage(parsing: frame, limits: RelayMessageLimits(maximumFrameBytes: 64 * 1024)) else { continue }
            accepted += 1
            switch message {
            case .event(_, let event):
                // What was accepted survives a round trip unchanged.
                #expect((try? NostrEvent(jsonData: event.jsonData())) == event)
            case .endOfStoredEvents, .closed, .notice, .ok, .unknown:
                break
            }
        }
        // The mutations must leave a fair share of frames valid, or the test checks nothing.
        #expect(accepted > 1_000)
    }
}

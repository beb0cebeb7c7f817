import ClipNostr
import ClipTestSupport
import Testing

/// Seeded mutations of NIP-19 strings, shared by the npub/nprofile and the nevent/naddr tests:
/// nothing crashes, and every mutant that decodes encodes again to a string that decodes to the
/// same entity.
enum NIP19Mutations {
    /// Runs `rounds` mutations of `seeds` with `tokens` spliced in; returns how many decoded.
    @discardableResult
    static func checkRoundTrips(seeds: [String], tokens: [String], seed: UInt64, rounds: Int = 8_000) throws -> Int {
        let seedBytes = seeds.map { Array($0.utf8) }
        let tokenBytes = tokens.map { Array($0.utf8) }
        var mutator = SeededMutator(seed: seed)
        var decoded = 0
        for round in 0..<rounds {
            let input = String(decoding: mutator.mutate(mutator.pick(seedBytes), tokens: tokenBytes), as: UTF8.self)
            guard case .success(let entity) = decode(input) else { continue }
            decoded += 1
            #expect(decode(try NIP19.encode(entity)) == .success(entity), "round \(round): \(input)")
        }
        return decoded
    }

    static func decode(_ text: String) -> Result<NIP19Entity, NIP19Error> {
        Result { () throws(NIP19Error) in try NIP19.checkedDecode(text) }
    }
}

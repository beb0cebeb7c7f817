// ClipNostr's pure-Swift BIP-340 verifier against libsecp256k1 on random keys and messages: for
// each pair a genuine signature and each single-field tampering (bit flips in r‖s, the key and the
// message; r ≥ p; s ≥ n; an x with no point on the curve). Both backends must give the same
// answer for every case, and accept every genuine one.
//
//   signature-differential [PAIRS [SEED]]     defaults: 100000 pairs, seed 1
//
// Prints a table per tampering and a closing "N passed, N failed" line; exits 1 on any failure.
import Foundation
import SignatureDifferential

/// SplitMix64: a small, well-mixed generator, so a failing run can be repeated from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let pairs = Int(arguments.first ?? "100000"), pairs > 0, let seed = UInt64(arguments.dropFirst().first ?? "1") else {
    FileHandle.standardError.write(Data("usage: signature-differential [PAIRS [SEED]]\n".utf8))
    exit(2)
}
let harness: DifferentialHarness
do {
    harness = try DifferentialHarness()
} catch {
    FileHandle.standardError.write(Data("signature-differential: \(error)\n".utf8))
    exit(2)
}

var generator = SplitMix64(state: seed)
var agreed = [Int](repeating: 0, count: Tampering.allCases.count)
var accepted = [Int](repeating: 0, count: Tampering.allCases.count)
var answers: [String: Int] = [:]
var failures: [String] = []
let start = Date()
var made = 0
while made < pairs {
    let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    // Nostr signs 32-byte ids; BIP-340 allows any length, so one pair in eight uses another.
    let length = Int.random(in: 0..<8, using: &generator) == 0 ? Int.random(in: 0...100, using: &generator) : 32
    let message = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let position = Int.random(in: 0..<0x1_0000, using: &generator)
    guard harness.makeCase(secret: secret, message: message, tampering: .none, position: 0) != nil else { continue }
    made += 1
    for tampering in Tampering.allCases {
        guard let signatureCase = harness.makeCase(secret: secret, message: message, tampering: tampering, position: position) else { continue }
        let comparison = harness.compare(signatureCase)
        let index = Int(tampering.rawValue)
        answers["\(tampering) → \(comparison.swift)", default: 0] += 1
        if comparison.swift == .valid { accepted[index] += 1 }
        if comparison.agrees && (tampering != .none || comparison.swift == .valid) {
            agreed[index] += 1
        } else if failures.count < 20 {
            failures.append("seed \(seed), pair \(made), \(tampering): swift \(comparison.swift), libsecp256k1 \(comparison.libsecp256k1)")
        }
    }
}
let seconds = Date().timeIntervalSince(start)

print("| case | pairs | same answer | accepted |")
print("|---|---:|---:|---:|")
for tampering in Tampering.allCases {
    let index = Int(tampering.rawValue)
    print("| \(tampering) | \(pairs) | \(agreed[index]) | \(accepted[index]) |")
}
print("")
print("Answers (Swift's, equal to libsecp256k1's where the cases agree):")
for (answer, count) in answers.sorted(by: { $0.key < $1.key }) { print("- \(answer): \(count)") }
print("")
print(String(format: "%d pairs, %d cases in %.1f s (seed %llu)", pairs, pairs * Tampering.allCases.count, seconds, seed))
for failure in failures { print("FAILED: \(failure)") }
let passed = agreed.reduce(0, +)
let failed = pairs * Tampering.allCases.count - passed
print("signature-differential: \(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)

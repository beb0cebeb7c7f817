// libFuzzer target: ClipNostr's pure-Swift BIP-340 verifier against libsecp256k1. Any input on
// which the two answer differently, or a genuine signature that either rejects, stops the run
// as a crash (saved by libFuzzer as crash-…). The input format is
// `DifferentialHarness.signatureCase(fuzzInput:)`'s.
import FuzzDriver
import SignatureDifferential

// Set up before libFuzzer starts; the harness only reads its state afterwards.
nonisolated(unsafe) let harness: DifferentialHarness = {
    do {
        return try DifferentialHarness()
    } catch {
        fatalError("fuzz-signature-differential: \(error)")
    }
}()

runFuzzer { data, size in
    let input = UnsafeRawBufferPointer(start: data, count: size)
    guard let (signatureCase, tampering) = harness.signatureCase(fuzzInput: input) else { return 0 }
    let comparison = harness.compare(signatureCase)
    if !comparison.agrees {
        fatalError("backends disagree: swift \(comparison.swift), libsecp256k1 \(comparison.libsecp256k1)")
    }
    if tampering == Tampering.none && comparison.swift != .valid {
        fatalError("a genuine signature was rejected: \(comparison.swift)")
    }
    return 0
}

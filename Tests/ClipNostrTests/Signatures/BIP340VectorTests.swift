@_spi(ClipKitTooling) import ClipNostr
import ClipTestSupport
import Testing

extension BIP340TestVector: CustomTestStringConvertible {
    public var testDescription: String { "vector \(index)" }
}

/// The verification vectors of the final BIP-340 (`bip-0340/test-vectors.csv`: indices 0–14 with
/// 32-byte messages, 15–18 with messages of 0, 1, 17 and 100 bytes), run through both backends.
@Suite struct BIP340VectorTests {
    typealias Vector = BIP340TestVector

    static let vectors = BIP340TestVector.all

    static func bytes(_ hex: String) -> [UInt8] {
        BIP340TestVector.bytes(hex)
    }

    @Test(arguments: vectors, SignatureBackend.allCases)
    func theBackendAgreesWithTheVector(_ vector: Vector, backend: SignatureBackend) throws {
        let check = try backend.makeVerifier().verifySchnorrSignature(
            Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
        )
        #expect((check == .valid) == vector.expected, "got \(check)")
        if !vector.expected {
            // A key off the curve is reported as such (vectors 5 and 14); anything else is a bad signature.
            #expect(check == ([5, 14].contains(vector.index) ? .invalidPublicKey : .invalidSignature), "got \(check)")
        }
    }

    @Test func theVariableLengthVectorsReallyHaveOtherLengths() {
        #expect(Self.vectors[15...18].map { Self.bytes($0.message).count } == [0, 1, 17, 100])
    }

    @Test(arguments: SignatureBackend.allCases)
    func keysOffTheCurveAreReportedAsSuch(_ backend: SignatureBackend) throws {
        // Vectors 5 (not on the curve) and 14 (x exceeds the field size).
        for vector in [Self.vectors[5], Self.vectors[14]] {
            let check = try backend.makeVerifier().verifySchnorrSignature(
                Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
            )
            #expect(check == .invalidPublicKey, "vector \(vector.index): \(check)")
        }
    }

    @Test(arguments: SignatureBackend.allCases)
    func wrongLengthsAreMalformedNotACrash(_ backend: SignatureBackend) throws {
        let verifier = try backend.makeVerifier()
        let vector = Self.vectors[1]
        let signature = Self.bytes(vector.signature), message = Self.bytes(vector.message), key = Self.bytes(vector.publicKey)
        #expect(verifier.verifySchnorrSignature([], message: [], publicKey: []) == .malformedInput)
        #expect(verifier.verifySchnorrSignature(Array(signature.dropLast()), message: message, publicKey: key) == .malformedInput)
        #expect(verifier.verifySchnorrSignature(signature + [0], message: message, publicKey: key) == .malformedInput)
        #expect(verifier.verifySchnorrSignature(signature, message: message, publicKey: Array(key.dropLast())) == .malformedInput)
        #expect(verifier.verifySchnorrSignature(signature, message: message, publicKey: key + [0]) == .malformedInput)
        // The message's length is free, so a shortened message is a wrong signature, not malformed input.
        #expect(verifier.verifySchnorrSignature(signature, message: Array(message.dropLast()), publicKey: key) == .invalidSignature)
        #expect(verifier.verifySchnorrSignature(signature, message: message, publicKey: key) == .valid)
    }

    @Test func everyPlatformDefaultsToARealVerifier() {
        let vector = Self.vectors[17]
        let check = SignatureVerifiers.platformDefault.verifySchnorrSignature(
            Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
        )
        #expect(check == .valid)
    }

    @Test func theUnavailableVerifierRejectsEvenValidSignatures() {
        let vector = Self.vectors[1]
        let check = UnavailableSignatureVerifier().verifySchnorrSignature(
            Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
        )
        guard case .unavailable = check else {
            Issue.record("expected .unavailable, got \(check)")
            return
        }
    }
}

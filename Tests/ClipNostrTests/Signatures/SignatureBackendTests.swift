@_spi(ClipKitTooling) import ClipNostr
import Testing

/// Which signature backends a build links, and the default it picks.
@Suite struct SignatureBackendTests {
    static let genuine = BIP340VectorTests.vectors.filter(\.expected)

    @Test("this Linux test build links both backends and picks libsecp256k1 as the fastest")
    func linkedBackends() {
        #expect(SignatureBackend.linked == [.libsecp256k1, .swift])
        #expect(SignatureBackend.fastestLinked == .libsecp256k1)
        #expect(SignatureVerifiers.platformDefault is Secp256k1SignatureVerifier)
    }

    @Test("each linked backend's verifier accepts the genuine BIP-340 vectors and rejects a flipped bit",
          arguments: SignatureBackend.allCases)
    func verifiersWork(backend: SignatureBackend) throws {
        let verifier = try backend.makeVerifier()
        for vector in Self.genuine {
            let signature = BIP340VectorTests.bytes(vector.signature)
            let message = BIP340VectorTests.bytes(vector.message)
            let key = BIP340VectorTests.bytes(vector.publicKey)
            #expect(verifier.verifySchnorrSignature(signature, message: message, publicKey: key) == .valid, "vector \(vector.index)")
            var flipped = signature
            flipped[63] ^= 1
            #expect(verifier.verifySchnorrSignature(flipped, message: message, publicKey: key) == .invalidSignature, "vector \(vector.index)")
        }
    }

    @Test("names for the command line")
    func names() {
        #expect(SignatureBackend(rawValue: "swift") == .swift)
        #expect(SignatureBackend(rawValue: "libsecp256k1") == .libsecp256k1)
        #expect(SignatureBackend(rawValue: "openssl") == nil)
        #expect(SignatureBackendError.notLinked(.libsecp256k1).description.contains("Libsecp256k1 trait"))
    }
}

extension SignatureBackend: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}

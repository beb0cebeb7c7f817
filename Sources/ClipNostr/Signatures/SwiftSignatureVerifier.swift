/// BIP-340 verification in Swift alone: secp256k1 arithmetic written for this package, with
/// swift-crypto's SHA-256 for the challenge hash. The default wherever libsecp256k1 is not linked
/// (iOS, App Clips), so a clip verifies events without a C library.
///
/// It verifies only; it never signs and holds no secrets. Because everything it handles is public
/// (signatures, messages, public keys), it runs in variable time: it branches on the data and
/// skips work for zero digits, which would leak a secret but leaks nothing here.
///
/// The first verification in a process builds a table of multiples of the generator (5 KiB, about
/// 0.04 ms); later verifications share it from any thread.
public struct SwiftSignatureVerifier: SignatureVerifier {
    /// Creates the verifier.
    public init() {}

    /// Verifies the signature following BIP-340; a message may have any length.
    public func verifySchnorrSignature(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> SignatureCheck {
        guard signature.count == 64, publicKey.count == 32 else { return .malformedInput }
        return signature.withUnsafeBytes { signatureBytes in
            message.withUnsafeBytes { messageBytes in
                publicKey.withUnsafeBytes { keyBytes in
                    Secp256k1.BIP340Verification.verify(signature: signatureBytes, message: messageBytes, publicKey: keyBytes)
                }
            }
        }
    }
}

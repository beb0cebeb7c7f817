/// Checks BIP-340 Schnorr signatures on secp256k1: the platform seam under ``EventVerifier``.
///
/// ClipNostr ships ``Secp256k1SignatureVerifier`` (libsecp256k1, on Linux and macOS) and
/// ``UnavailableSignatureVerifier``, which rejects everything, for platforms without a backend.
/// An iOS integrator plugs in another secp256k1 library by conforming to this protocol:
///
/// ```swift
/// struct MyVerifier: SignatureVerifier {
///     func verifySchnorrSignature(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> SignatureCheck {
///         myLibrary.verify(signature, message, publicKey) ? .valid : .invalidSignature
///     }
/// }
/// let verifier = EventVerifier(signatureVerifier: MyVerifier())
/// ```
public protocol SignatureVerifier: Sendable {
    /// Checks a 64-byte BIP-340 signature over a 32-byte message with a 32-byte x-only public key.
    ///
    /// Implementations must answer ``SignatureCheck/valid`` only when the signature verifies, and
    /// must not crash on inputs of the wrong length (answer ``SignatureCheck/malformedInput``).
    func verifySchnorrSignature(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> SignatureCheck
}

/// The answer of a ``SignatureVerifier``.
public enum SignatureCheck: Sendable, Equatable {
    /// The signature verifies.
    case valid
    /// The signature does not verify for this message and key.
    case invalidSignature
    /// The 32 bytes are not the x coordinate of a point on secp256k1.
    case invalidPublicKey
    /// A signature, message or key had the wrong length.
    case malformedInput
    /// No backend can verify signatures here; the associated value says why.
    case unavailable(String)
}

/// The verifiers ClipNostr provides, and the one each platform uses by default.
public enum SignatureVerifiers {
    /// libsecp256k1 where ClipNostr links it (Linux, macOS); elsewhere a verifier that fails closed,
    /// so nothing is shown as signed until an app supplies a backend.
    public static var platformDefault: any SignatureVerifier {
        #if canImport(CSecp256k1)
        Secp256k1SignatureVerifier()
        #else
        UnavailableSignatureVerifier()
        #endif
    }
}

/// Checks BIP-340 Schnorr signatures on secp256k1: the platform seam under ``EventVerifier``.
///
/// ClipNostr ships ``SwiftSignatureVerifier`` (pure Swift, every platform),
/// `Secp256k1SignatureVerifier` (libsecp256k1, where it is linked: Linux with the package's
/// default `Libsecp256k1` trait) and
/// ``UnavailableSignatureVerifier``, which rejects everything, for apps that want to fail closed.
/// An app plugs in another secp256k1 library by conforming to this protocol:
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
    /// Checks a 64-byte BIP-340 signature over a message with a 32-byte x-only public key.
    ///
    /// The message may have any length, as in the final BIP-340 (Nostr signs 32-byte event ids).
    /// Implementations must answer ``SignatureCheck/valid`` only when the signature verifies, and
    /// must not crash on a signature or key of the wrong length (answer
    /// ``SignatureCheck/malformedInput``).
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
    /// The signature or the key had the wrong length.
    case malformedInput
    /// No backend can verify signatures here; the associated value says why.
    case unavailable(String)
}

/// The verifiers ClipNostr provides, and the one each platform uses by default.
public enum SignatureVerifiers {
    /// The verifier of `SignatureBackend.fastestLinked`: libsecp256k1 where ClipNostr links it
    /// (Linux, with the package's default `Libsecp256k1` trait); elsewhere, every Apple platform
    /// included, ``SwiftSignatureVerifier``. Both give the same answer for every input.
    public static var platformDefault: any SignatureVerifier {
        SignatureBackend.fastestLinked.linkedVerifier ?? SwiftSignatureVerifier()
    }
}

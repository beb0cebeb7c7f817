/// A ``SignatureVerifier`` for platforms without a secp256k1 backend: every signature is rejected,
/// so an unverifiable event is never shown as genuine.
public struct UnavailableSignatureVerifier: SignatureVerifier {
    /// Why nothing can be verified, shown in every rejection.
    public let explanation: String

    /// Creates the verifier.
    public init(explanation: String = "no secp256k1 backend is linked on this platform; pass a SignatureVerifier to EventVerifier") {
        self.explanation = explanation
    }

    /// Always ``SignatureCheck/unavailable(_:)``.
    public func verifySchnorrSignature(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> SignatureCheck {
        .unavailable(explanation)
    }
}

/// A ``SignatureVerifier`` that rejects every signature, for an app that wants to fail closed
/// rather than verify (for example while it wires up its own backend): no event is shown as
/// genuine. Every platform has ``SwiftSignatureVerifier``, so no platform needs this by default.
public struct UnavailableSignatureVerifier: SignatureVerifier {
    /// Why nothing can be verified, shown in every rejection.
    @_spi(ClipKitTooling) public let explanation: String

    /// Creates the verifier.
    public init(explanation: String = "signature verification is switched off; pass a SignatureVerifier such as SwiftSignatureVerifier to EventVerifier") {
        self.explanation = explanation
    }

    /// Always ``SignatureCheck/unavailable(_:)``.
    public func verifySchnorrSignature(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> SignatureCheck {
        .unavailable(explanation)
    }
}

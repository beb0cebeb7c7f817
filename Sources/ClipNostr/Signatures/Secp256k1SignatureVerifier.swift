#if canImport(CSecp256k1)
import CSecp256k1

/// BIP-340 verification through libsecp256k1 (Bitcoin Core's library), linked from the system
/// (Debian `libsecp256k1-dev`, Homebrew `secp256k1`).
///
/// Every instance shares one libsecp256k1 context, created once; verification only reads it, so
/// any number of threads may verify at the same time.
public struct Secp256k1SignatureVerifier: SignatureVerifier {
    /// Creates the verifier.
    public init() {}

    /// Parses the x-only key and verifies the signature with `secp256k1_schnorrsig_verify`; a
    /// message may have any length.
    public func verifySchnorrSignature(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> SignatureCheck {
        guard signature.count == 64, publicKey.count == 32 else { return .malformedInput }
        let context = Secp256k1Context.shared.pointer
        var key = secp256k1_xonly_pubkey()
        guard secp256k1_xonly_pubkey_parse(context, &key, publicKey) == 1 else { return .invalidPublicKey }
        let verified = secp256k1_schnorrsig_verify(context, signature, message, message.count, &key)
        return verified == 1 ? .valid : .invalidSignature
    }
}

/// The one libsecp256k1 context the process uses for verification.
///
/// Verification takes the context as `const`, so sharing it between threads is safe; it is never
/// destroyed.
final class Secp256k1Context: @unchecked Sendable {
    static let shared = Secp256k1Context()

    let pointer: OpaquePointer

    private init() {
        guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
            // Only fails when memory is exhausted; nothing sensible can continue.
            fatalError("libsecp256k1 could not create a context")
        }
        pointer = context
    }
}
#endif

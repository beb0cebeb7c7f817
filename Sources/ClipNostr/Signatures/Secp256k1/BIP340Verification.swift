import Crypto

extension Secp256k1 {
    /// BIP-340 signature verification on secp256k1.
    enum BIP340Verification {
        /// SHA-256("BIP0340/challenge") twice: the prefix of the tagged challenge hash.
        static let challengePrefix: [UInt8] = {
            let tag = Array("BIP0340/challenge".utf8)
            var hasher = SHA256()
            tag.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            let tagHash = hasher.finalize().withUnsafeBytes { Array($0) }
            return tagHash + tagHash
        }()

        /// Checks a 64-byte signature (r ‖ s) over a message of any length with a 32-byte x-only
        /// key, following BIP-340's Verify:
        /// P = lift_x(key) (else the key is invalid); r < p; s < n;
        /// e = int(hash_BIP0340/challenge(r ‖ key ‖ message)) mod n; R = s·G − e·P;
        /// the signature is valid when R is not infinity, has an even y and x(R) = r.
        static func verify(
            signature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, publicKey: UnsafeRawBufferPointer,
            generatorTable: GeneratorTable = .shared
        ) -> SignatureCheck {
            guard signature.count == 64, publicKey.count == 32 else { return .malformedInput }
            guard let x = FieldElement(bigEndian: publicKey), let point = AffinePoint.liftingX(x) else { return .invalidPublicKey }
            guard let r = FieldElement(bigEndian: signature), let s = Scalar(bigEndian: signature, at: 32) else {
                return .invalidSignature
            }
            var hasher = SHA256()
            challengePrefix.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: signature[0..<32]))
            hasher.update(bufferPointer: publicKey)
            hasher.update(bufferPointer: message)
            let e = hasher.finalize().withUnsafeBytes { Scalar(reducing: $0) }

            let sum = DoubleScalarMultiplication.compute(e.negated(), times: point, plus: s, generatorTable: generatorTable)
            guard let result = sum.affine, !result.y.isOdd, result.x.isEqual(to: r) else { return .invalidSignature }
            return .valid
        }
    }
}

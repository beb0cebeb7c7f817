#if canImport(CSecp256k1)
import ClipNostr
import ClipTestSupport
import CSecp256k1
import Testing

/// The pure-Swift verifier against libsecp256k1 on signatures libsecp256k1 makes: random keys,
/// messages of random lengths, and single-field tamperings of each. Both must give the same
/// ``SignatureCheck`` case every time.
@Suite struct SwiftVerifierDifferentialTests {
    struct Signed {
        let signature: [UInt8]
        let message: [UInt8]
        let publicKey: [UInt8]
    }

    /// One libsecp256k1 context for signing, created per test.
    final class Signer {
        let context: OpaquePointer

        init() throws {
            context = try #require(secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)))
        }

        deinit { secp256k1_context_destroy(context) }

        /// A BIP-340 signature by a random key over a message of a random length (32 bytes half
        /// of the time, as Nostr signs).
        func sign(_ generator: inout SeededGenerator) throws -> Signed {
            var keypair = secp256k1_keypair()
            var secret: [UInt8]
            repeat {
                secret = Self.randomBytes(32, &generator)
            } while secp256k1_keypair_create(context, &keypair, secret) != 1
            var key = secp256k1_xonly_pubkey()
            try #require(secp256k1_keypair_xonly_pub(context, &key, nil, &keypair) == 1)
            var publicKey = [UInt8](repeating: 0, count: 32)
            try #require(secp256k1_xonly_pubkey_serialize(context, &publicKey, &key) == 1)
            let length = generator.below(2) == 0 ? 32 : generator.below(120)
            let message = Self.randomBytes(length, &generator)
            var signature = [UInt8](repeating: 0, count: 64)
            if length == 32 {
                let auxiliary = Self.randomBytes(32, &generator)
                try #require(secp256k1_schnorrsig_sign32(context, &signature, message, &keypair, auxiliary) == 1)
            } else {
                try #require(secp256k1_schnorrsig_sign_custom(context, &signature, message, message.count, &keypair, nil) == 1)
            }
            return Signed(signature: signature, message: message, publicKey: publicKey)
        }

        static func randomBytes(_ count: Int, _ generator: inout SeededGenerator) -> [UInt8] {
            (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        }
    }

    /// Signatures made per run, each checked with 13 variants by both backends.
    static let signatureCount = 200

    static let p = BIP340VectorTests.bytes("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")
    static let n = BIP340VectorTests.bytes("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")

    /// `bytes` plus `small`, as a big-endian number (wrapping at the top).
    static func adding(_ small: UInt8, to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var carry = Int(small)
        for index in result.indices.reversed() where carry != 0 {
            let sum = Int(result[index]) + carry
            result[index] = UInt8(truncatingIfNeeded: sum)
            carry = sum >> 8
        }
        return result
    }

    /// The genuine signature and single-field tamperings of it, each with a label.
    static func variants(of signed: Signed, other: Signed, _ generator: inout SeededGenerator) -> [(String, Signed)] {
        func flip(_ bytes: [UInt8], within range: Range<Int>) -> [UInt8] {
            var copy = bytes
            let bit = range.lowerBound * 8 + generator.below(range.count * 8)
            copy[bit / 8] ^= 1 << UInt8(bit % 8)
            return copy
        }
        let r = Array(signed.signature[0..<32]), s = Array(signed.signature[32..<64])
        var message = signed.message
        if message.isEmpty { message = [0] } else { message = flip(message, within: 0..<message.count) }
        let offCurve = BIP340VectorTests.bytes("0000000000000000000000000000000000000000000000000000000000000005")
        return [
            ("genuine", signed),
            ("r bit", Signed(signature: flip(signed.signature, within: 0..<32), message: signed.message, publicKey: signed.publicKey)),
            ("s bit", Signed(signature: flip(signed.signature, within: 32..<64), message: signed.message, publicKey: signed.publicKey)),
            ("message bit", Signed(signature: signed.signature, message: message, publicKey: signed.publicKey)),
            ("key bit", Signed(signature: signed.signature, message: signed.message, publicKey: flip(signed.publicKey, within: 0..<32))),
            ("other key", Signed(signature: signed.signature, message: signed.message, publicKey: other.publicKey)),
            ("r = p", Signed(signature: p + s, message: signed.message, publicKey: signed.publicKey)),
            ("r = p + 1", Signed(signature: adding(1, to: p) + s, message: signed.message, publicKey: signed.publicKey)),
            ("r + p, wrapped at 2^256", Signed(signature: sum(r, p) + s, message: signed.message, publicKey: signed.publicKey)),
            ("s = n", Signed(signature: r + n, message: signed.message, publicKey: signed.publicKey)),
            ("s = s + n", Signed(signature: r + sum(s, n), message: signed.message, publicKey: signed.publicKey)),
            ("key off the curve", Signed(signature: signed.signature, message: signed.message, publicKey: offCurve)),
            ("key = p", Signed(signature: signed.signature, message: signed.message, publicKey: p)),
        ]
    }

    /// a + b mod 2^256, big-endian.
    static func sum(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 32)
        var carry = 0
        for index in (0..<32).reversed() {
            let total = Int(a[index]) + Int(b[index]) + carry
            result[index] = UInt8(truncatingIfNeeded: total)
            carry = total >> 8
        }
        return result
    }

    @Test func bothBackendsGiveTheSameAnswerOnSignaturesAndTamperings() throws {
        let signer = try Signer()
        var generator = SeededGenerator(seed: 0xB1B340)
        let swift = SwiftSignatureVerifier(), libsecp256k1 = Secp256k1SignatureVerifier()
        var previous = try signer.sign(&generator)
        var counts: [String: Int] = [:]
        for _ in 0..<Self.signatureCount {
            let signed = try signer.sign(&generator)
            for (label, variant) in Self.variants(of: signed, other: previous, &generator) {
                let expected = libsecp256k1.verifySchnorrSignature(variant.signature, message: variant.message, publicKey: variant.publicKey)
                let check = swift.verifySchnorrSignature(variant.signature, message: variant.message, publicKey: variant.publicKey)
                #expect(check == expected, "\(label), message of \(variant.message.count) bytes: Swift \(check), libsecp256k1 \(expected)")
                if label == "genuine" { #expect(check == .valid) }
                counts["\(check)", default: 0] += 1
            }
            previous = signed
        }
        // Every kind of answer came up, so the comparison was not vacuous.
        #expect((counts["\(SignatureCheck.valid)"] ?? 0) >= Self.signatureCount)
        #expect((counts["\(SignatureCheck.invalidSignature)"] ?? 0) >= Self.signatureCount * 6)
        #expect((counts["\(SignatureCheck.invalidPublicKey)"] ?? 0) >= Self.signatureCount * 2)
        #expect(counts["\(SignatureCheck.malformedInput)"] == nil)
    }
}

#endif

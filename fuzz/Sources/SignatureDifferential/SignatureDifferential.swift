import CLibsecp256k1Signing
@_spi(ClipKitTooling) import ClipNostr

/// How a differential case changes a genuine signature before both backends check it.
public enum Tampering: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    /// The genuine signature, message and key: both backends must accept.
    case none
    /// One bit of the 64-byte signature flipped.
    case signatureBit
    /// One bit of the x-only key flipped (often no longer on the curve).
    case keyBit
    /// One bit of the message flipped (the message is never empty for this case).
    case messageBit
    /// `r` replaced by a value at or above the field size p.
    case rAtLeastP
    /// `s` replaced by a value at or above the group order n.
    case sAtLeastN
    /// The key replaced by an x coordinate with no point on secp256k1.
    case keyOffCurve

    /// The name the reports use.
    public var description: String {
        switch self {
        case .none: "genuine"
        case .signatureBit: "signature bit flipped"
        case .keyBit: "key bit flipped"
        case .messageBit: "message bit flipped"
        case .rAtLeastP: "r ≥ p"
        case .sAtLeastN: "s ≥ n"
        case .keyOffCurve: "x not on the curve"
        }
    }
}

/// A signature, message and key for both backends to check.
public struct SignatureCase: Sendable {
    /// The 64-byte signature (r ‖ s).
    public var signature: [UInt8]
    /// The signed message, of any length.
    public var message: [UInt8]
    /// The 32-byte x-only public key.
    public var publicKey: [UInt8]
}

/// What the two backends said about one case.
public struct Comparison: Sendable {
    /// ClipNostr's pure-Swift verifier's answer.
    public let swift: SignatureCheck
    /// libsecp256k1's answer.
    public let libsecp256k1: SignatureCheck
    /// Whether both gave the same answer.
    public var agrees: Bool { swift == libsecp256k1 }
}

/// Signs with libsecp256k1 and compares ClipNostr's two BIP-340 backends on the result.
public final class DifferentialHarness: @unchecked Sendable {
    // The context is only read after creation (signing and key parsing take it as const).
    private let context: OpaquePointer
    private let swiftVerifier = SwiftSignatureVerifier()
    private let libraryVerifier: any SignatureVerifier

    /// The field size p of secp256k1, big-endian.
    static let fieldSize: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFC, 0x2F,
    ]
    /// The group order n of secp256k1, big-endian.
    static let groupOrder: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
        0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41,
    ]

    /// Creates the harness; needs a build of ClipNostr that links libsecp256k1.
    public init() throws {
        guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
            throw HarnessError.noContext
        }
        self.context = context
        do {
            libraryVerifier = try SignatureBackend.libsecp256k1.makeVerifier()
        } catch {
            throw HarnessError.backendMissing(error.description)
        }
    }

    /// Checks `signatureCase` with both backends.
    public func compare(_ signatureCase: SignatureCase) -> Comparison {
        Comparison(
            swift: swiftVerifier.verifySchnorrSignature(signatureCase.signature, message: signatureCase.message, publicKey: signatureCase.publicKey),
            libsecp256k1: libraryVerifier.verifySchnorrSignature(signatureCase.signature, message: signatureCase.message, publicKey: signatureCase.publicKey)
        )
    }

    /// Signs `message` with the secret key `secret` (32 bytes), then applies `tampering` at `position`.
    ///
    /// Returns nil when `secret` is not a valid secret key (zero, or not below n).
    public func makeCase(secret: [UInt8], message: [UInt8], tampering: Tampering, position: Int) -> SignatureCase? {
        guard secret.count == 32 else { return nil }
        var keypair = secp256k1_keypair()
        guard secp256k1_keypair_create(context, &keypair, secret) == 1 else { return nil }
        var xonly = secp256k1_xonly_pubkey()
        guard secp256k1_keypair_xonly_pub(context, &xonly, nil, &keypair) == 1 else { return nil }
        var publicKey = [UInt8](repeating: 0, count: 32)
        guard secp256k1_xonly_pubkey_serialize(context, &publicKey, &xonly) == 1 else { return nil }
        var message = message
        if tampering == .messageBit && message.isEmpty { message = [UInt8(truncatingIfNeeded: position)] }
        var signature = [UInt8](repeating: 0, count: 64)
        let signed = message.withUnsafeBufferPointer { buffer in
            secp256k1_schnorrsig_sign_custom(context, &signature, buffer.baseAddress, buffer.count, &keypair, nil)
        }
        guard signed == 1 else { return nil }
        var result = SignatureCase(signature: signature, message: message, publicKey: publicKey)
        let bit = UInt8(1) << UInt8(position & 7)
        switch tampering {
        case .none:
            break
        case .signatureBit:
            result.signature[(position >> 3) % 64] ^= bit
        case .keyBit:
            result.publicKey[(position >> 3) % 32] ^= bit
        case .messageBit:
            result.message[(position >> 3) % result.message.count] ^= bit
        case .rAtLeastP:
            result.signature.replaceSubrange(0..<32, with: Self.adding(position % 977, to: Self.fieldSize))
        case .sAtLeastN:
            result.signature.replaceSubrange(32..<64, with: Self.adding(position, to: Self.groupOrder))
        case .keyOffCurve:
            result.publicKey = offCurveKey(near: publicKey, position: position)
        }
        return result
    }

    /// Whether libsecp256k1 parses `key` as an x-only public key (x on the curve, below p).
    public func isOnCurve(_ key: [UInt8]) -> Bool {
        var parsed = secp256k1_xonly_pubkey()
        return key.count == 32 && secp256k1_xonly_pubkey_parse(context, &parsed, key) == 1
    }

    /// An x below p with no point on the curve, found by stepping the last bytes of `key`.
    private func offCurveKey(near key: [UInt8], position: Int) -> [UInt8] {
        var candidate = key
        var step = UInt8(truncatingIfNeeded: position) | 1
        while isOnCurve(candidate) || candidate == Self.fieldSize || candidate[0] == 0xFF {
            candidate[0] &= 0x7F  // stays below p
            candidate[31] &+= step
            if candidate[31] < step { candidate[30] &+= 1 }
            step = 1
        }
        return candidate
    }

    /// `value` (32 bytes, big-endian) plus `small`, wrapping at 2^256.
    static func adding(_ small: Int, to value: [UInt8]) -> [UInt8] {
        var result = value
        var carry = UInt(truncatingIfNeeded: max(0, small))
        var index = 31
        while carry > 0 && index >= 0 {
            let sum = UInt(result[index]) + (carry & 0xFF)
            result[index] = UInt8(truncatingIfNeeded: sum)
            carry = (carry >> 8) + (sum >> 8)
            index -= 1
        }
        return result
    }
}

/// Why the harness cannot run.
public enum HarnessError: Error, CustomStringConvertible {
    /// libsecp256k1 could not create a context (out of memory).
    case noContext
    /// ClipNostr was built without libsecp256k1.
    case backendMissing(String)

    /// What went wrong, and what to do.
    public var description: String {
        switch self {
        case .noContext: "libsecp256k1 could not create a context"
        case .backendMissing(let reason): "\(reason); build with the package's default traits"
        }
    }
}

extension DifferentialHarness {
    /// Reads one fuzz input as a differential case.
    ///
    /// First byte even: the raw form, `key (32) ‖ signature (64) ‖ message (rest)`, as any caller
    /// could pass (short inputs are zero-padded). First byte odd: the signed form,
    /// `secret (32) ‖ tampering (1) ‖ position (2, big-endian) ‖ message (rest)`: a genuine
    /// libsecp256k1 signature with one ``Tampering`` applied, so the fuzzer reaches the paths that
    /// only valid signatures reach. Returns the case and its tampering (nil for the raw form), or nil
    /// when the secret is not a valid key.
    public func signatureCase(fuzzInput input: UnsafeRawBufferPointer) -> (SignatureCase, Tampering?)? {
        guard let mode = input.first else { return nil }
        let body = Array(input.dropFirst())
        func field(_ range: Range<Int>) -> [UInt8] {
            (range.lowerBound..<range.upperBound).map { $0 < body.count ? body[$0] : 0 }
        }
        if mode & 1 == 0 {
            let message = body.count > 96 ? Array(body[96...]) : []
            return (SignatureCase(signature: field(32..<96), message: message, publicKey: field(0..<32)), nil)
        }
        let tampering = Tampering.allCases[Int(field(32..<33)[0]) % Tampering.allCases.count]
        let position = field(33..<35).reduce(0) { $0 << 8 | Int($1) }
        let message = body.count > 35 ? Array(body[35...]) : []
        guard let made = makeCase(secret: field(0..<32), message: message, tampering: tampering, position: position) else { return nil }
        return (made, tampering)
    }
}

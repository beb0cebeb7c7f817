@_spi(ClipKitTooling) import ClipNostr
import Crypto
import CSecp256k1

/// One way of checking an event, as the benchmark times it.
struct VerificationPath: Sendable {
    let name: String
    let check: @Sendable (SignedCorpus.Entry) -> Bool

    /// The shared libsecp256k1 context of the raw paths, created once like ClipNostr's.
    nonisolated(unsafe) static let rawContext: OpaquePointer? = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE))

    static let verifier = EventVerifier()

    /// secp256k1_xonly_pubkey_parse + secp256k1_schnorrsig_verify on bytes decoded in advance.
    static let raw = VerificationPath(name: "raw") { entry in
        guard let context = rawContext else { return false }
        var key = secp256k1_xonly_pubkey()
        guard secp256k1_xonly_pubkey_parse(context, &key, entry.publicKey) == 1 else { return false }
        return secp256k1_schnorrsig_verify(context, entry.signature, entry.id, 32, &key) == 1
    }

    /// The floor for any verifier that checks ids: SHA-256 of the id's input (serialized in
    /// advance), compared with the id, then the raw calls.
    static let rawHashed = VerificationPath(name: "raw-hashed") { entry in
        guard let context = rawContext else { return false }
        let digest = Array(SHA256.hash(data: entry.serialized))
        guard digest == entry.id else { return false }
        var key = secp256k1_xonly_pubkey()
        guard secp256k1_xonly_pubkey_parse(context, &key, entry.publicKey) == 1 else { return false }
        return secp256k1_schnorrsig_verify(context, entry.signature, digest, 32, &key) == 1
    }

    /// EventVerifier.verifySignatureOnly: hex decoding, shape checks, the signature; no id.
    static let signatureOnly = VerificationPath(name: "signature-only") { entry in
        (try? verifier.verifySignatureOnly(entry.event).get()) != nil
    }

    /// EventVerifier.verify: shape checks, canonical serialization, SHA-256 id, signature.
    static let full = VerificationPath(name: "clipnostr") { entry in
        (try? verifier.verify(entry.event).get()) != nil
    }

    /// NostrEvent(jsonData:) from the event's JSON, then EventVerifier.verify.
    static let decodeAndFull = VerificationPath(name: "decode-clipnostr") { entry in
        guard let event = try? NostrEvent(jsonData: entry.json) else { return false }
        return (try? verifier.verify(event).get()) != nil
    }

    static let swiftVerifier = SwiftSignatureVerifier()
    static let swiftEventVerifier = EventVerifier(signatureVerifier: SwiftSignatureVerifier())

    /// The pure-Swift BIP-340 verifier on the same pre-decoded bytes as `raw`.
    static let swiftRaw = VerificationPath(name: "swift-raw") { entry in
        swiftVerifier.verifySchnorrSignature(entry.signature, message: entry.id, publicKey: entry.publicKey) == .valid
    }

    /// EventVerifier.verify with the pure-Swift backend.
    static let swiftFull = VerificationPath(name: "swift-clipnostr") { entry in
        (try? swiftEventVerifier.verify(entry.event).get()) != nil
    }

    /// Nothing: the setup cost that instruction counts subtract.
    static let none = VerificationPath(name: "none") { _ in true }

    /// Nothing but building the pure-Swift verifier's generator table (on the first call): the
    /// setup the Swift paths' instruction counts subtract, and, minus `none`, the table's cost.
    static let swiftTableOnly = VerificationPath(name: "swift-table-only") { _ in
        !Secp256k1.GeneratorTable.shared.points.isEmpty
    }

    static let all = [raw, rawHashed, signatureOnly, full, decodeAndFull, swiftRaw, swiftFull, none, swiftTableOnly]
}

@_spi(ClipKitTooling) import ClipNostr
import CSecp256k1

/// Events signed here with libsecp256k1 (BIP-340, fixed keys and auxiliary randomness), so the
/// benchmark needs nothing but the library it measures.
enum SignedCorpus {
    /// One event and the bytes the raw loops get: id, x-only key and signature, already decoded,
    /// and the id's serialized input, already built.
    struct Entry: Sendable {
        let event: NostrEvent
        let json: [UInt8]
        let serialized: [UInt8]
        let id: [UInt8]
        let publicKey: [UInt8]
        let signature: [UInt8]
    }

    /// `count` events of `kind` whose content is built by `content` from the event's index.
    static func make(count: Int, kind: Int, content: (Int) -> String, tags: [[String]] = []) -> [Entry] {
        guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
            fatalError("libsecp256k1 could not create a context")
        }
        defer { secp256k1_context_destroy(context) }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            var secret = [UInt8](repeating: 0, count: 32)
            secret[0] = 0x42
            secret[30] = UInt8(truncatingIfNeeded: index >> 8)
            secret[31] = UInt8(truncatingIfNeeded: index) | 1
            var keypair = secp256k1_keypair()
            guard secp256k1_keypair_create(context, &keypair, secret) == 1 else { fatalError("bad benchmark key \(index)") }
            var xonly = secp256k1_xonly_pubkey()
            var parity: Int32 = 0
            guard secp256k1_keypair_xonly_pub(context, &xonly, &parity, &keypair) == 1 else { fatalError("no public key") }
            var publicKey = [UInt8](repeating: 0, count: 32)
            _ = secp256k1_xonly_pubkey_serialize(context, &publicKey, &xonly)
            var event = NostrEvent(
                id: "", pubkey: hex(publicKey), createdAt: 1_700_000_000 + Int64(index), kind: kind,
                tags: tags, content: content(index), signature: ""
            )
            event.id = event.computedID()
            let id = bytes(event.id)
            var signature = [UInt8](repeating: 0, count: 64)
            let auxiliary = [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: 32)
            guard secp256k1_schnorrsig_sign32(context, &signature, id, &keypair, auxiliary) == 1 else { fatalError("signing failed") }
            event.signature = hex(signature)
            entries.append(Entry(event: event, json: event.jsonData(), serialized: Array(event.canonicalSerialization()), id: id, publicKey: publicKey, signature: signature))
        }
        return entries
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return text
    }

    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var high: UInt8?
        for character in hex.utf8 {
            let nibble = character <= 0x39 ? character - 0x30 : character - 0x61 + 10
            if let first = high {
                result.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return result
    }
}

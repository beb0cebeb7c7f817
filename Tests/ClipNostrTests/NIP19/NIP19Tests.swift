import Foundation
import ClipNostr
import ClipTestSupport
import Testing

/// npub and nprofile: the NIP-19 examples, TLV rules and relay-hint filtering.
@Suite struct NIP19Tests {
    static let key = "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d"
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"

    func decode(_ text: String) -> Result<NIP19Entity, NIP19Error> {
        Result { () throws(NIP19Error) in try NIP19.checkedDecode(text) }
    }

    @Test func theSpecificationsExamples() throws {
        #expect(try NIP19.decode(Self.npub) == .npub(publicKey: Self.key))
        #expect(try NIP19.encodePublicKey(Self.key) == Self.npub)
        #expect(try NIP19.decode("npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg")
            == .npub(publicKey: "7e7e9c42a91bfef19fa929e5fda1b72e0ebc1a4c1141673e2794234d86addf4e"))
    }

    @Test func uppercaseAndNostrURIsAreAccepted() throws {
        #expect(try NIP19.decode(Self.npub.uppercased()) == .npub(publicKey: Self.key))
        #expect(try NIP19.decode("nostr:" + Self.npub) == .npub(publicKey: Self.key))
        #expect(try NIP19.decode("NOSTR:" + Self.npub.uppercased()) == .npub(publicKey: Self.key))
    }

    @Test func nprofileRoundTripsWithRelays() throws {
        let relays = ["wss://r.x.com", "wss://djbas.sadkb.com", "ws://127.0.0.1:7777"]
        let text = try NIP19.encodeProfile(publicKey: Self.key, relays: relays)
        #expect(text.hasPrefix("nprofile1"))
        #expect(try NIP19.decode(text) == .nprofile(publicKey: Self.key, relays: relays))
    }

    static func tlvString(_ entries: [(UInt8, [UInt8])], trailing: [UInt8] = []) -> String {
        var data: [UInt8] = []
        for (type, value) in entries { data += [type, UInt8(value.count)] + value }
        return Bech32Encoder.encode(prefix: "nprofile", bytes: data + trailing)
    }

    static var keyBytes: [UInt8] {
        stride(from: 0, to: key.count, by: 2).map { offset in
            let start = key.index(key.startIndex, offsetBy: offset)
            return UInt8(key[start..<key.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
    }

    @Test func unknownTLVTypesAreIgnoredAndBadHintsSkipped() throws {
        let text = Self.tlvString([
            (9, [1, 2, 3]),
            (0, Self.keyBytes),
            (1, Array("wss://good.example".utf8)),
            (1, Array("http://bad.example".utf8)),
            (1, Array("ws://remote.example".utf8)),
            (1, [0xFF, 0xFE]),
            (1, Array("wss://good.example".utf8)),
            (3, [0, 0, 0, 1]),
        ])
        #expect(try NIP19.decode(text) == .nprofile(publicKey: Self.key, relays: ["wss://good.example"]))
    }

    @Test func relayHintsAreCapped() throws {
        let entries = [(UInt8(0), Self.keyBytes)] + (0..<40).map { (UInt8(1), Array("wss://r\($0).example".utf8)) }
        let decoded = try NIP19.decode(Self.tlvString(entries))
        #expect(decoded.relays.count == NIP19.maximumRelayHints)
        #expect(decoded.relays.first == "wss://r0.example")
        let tooMany = (0..<17).map { "wss://r\($0).example" }
        #expect(throws: NIP19Error.tooManyRelays(17, limit: 16)) { try NIP19.encodeProfile(publicKey: Self.key, relays: tooMany) }
    }

    @Test func malformedTLVIsRejected() {
        #expect(decode(Self.tlvString([(0, Self.keyBytes)], trailing: [1])) == .failure(.truncatedTLV(entity: "nprofile", offset: 34)))
        #expect(decode(Self.tlvString([(0, Self.keyBytes)], trailing: [1, 10, 65])) == .failure(.truncatedTLV(entity: "nprofile", offset: 34)))
        #expect(decode(Self.tlvString([(1, Array("wss://a.example".utf8))])) == .failure(.missingField(.publicKey, entity: "nprofile")))
        #expect(decode(Self.tlvString([(0, Self.keyBytes), (0, Self.keyBytes)])) == .failure(.duplicateField(.publicKey, entity: "nprofile")))
        #expect(decode(Self.tlvString([(0, Array(Self.keyBytes.prefix(31)))]))
            == .failure(.invalidFieldLength(.publicKey, entity: "nprofile", length: 31, expected: 32)))
    }

    @Test func npubKeysMustBeExactly32Bytes() {
        #expect(decode(Bech32Encoder.encode(prefix: "npub", bytes: Array(Self.keyBytes.prefix(31)))) == .failure(.invalidPublicKeyLength(31)))
        #expect(decode(Bech32Encoder.encode(prefix: "npub", bytes: Self.keyBytes + [0])) == .failure(.invalidPublicKeyLength(33)))
    }

    @Test func otherEntitiesAreNamed() {
        let nsec = Bech32Encoder.encode(prefix: "nsec", bytes: Self.keyBytes)
        guard case .failure(let error) = decode(nsec) else {
            Issue.record("an nsec decoded")
            return
        }
        #expect(error == .unsupportedPrefix("nsec"))
        #expect(error.description.contains("secret key"))
        #expect(error.description.contains("never share it"))
        #expect(error.recoverySuggestion?.contains("Never share") == true)
        let note = decode(Bech32Encoder.encode(prefix: "note", bytes: Self.keyBytes))
        #expect(note == .failure(.unsupportedPrefix("note")))
        for prefix in ["note", "ncryptsec", "nrelay", "lnurl"] {
            guard case .failure(let other) = decode(Bech32Encoder.encode(prefix: prefix, bytes: Self.keyBytes)) else {
                Issue.record("a \(prefix) decoded")
                continue
            }
            #expect(other == .unsupportedPrefix(prefix))
            if prefix == "ncryptsec" {
                #expect(other.description.contains("never share it"), "\(other.description)")
            } else {
                #expect(other.description.contains("npub, nprofile, nevent or naddr"), "\(other.description)")
            }
        }
    }

    @Test func everySingleCharacterTypoInAnNpubIsCaught() {
        let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l")
        let characters = Array(Self.npub)
        for position in 5..<characters.count {
            for replacement in alphabet where replacement != characters[position] {
                var typo = characters
                typo[position] = replacement
                #expect(decode(String(typo)) == .failure(.checksumMismatch), "typo at \(position) to \(replacement) was accepted")
            }
        }
    }

    @Test func encodingRefusesBadKeysAndRelays() {
        #expect(throws: NIP19Error.malformedPublicKeyHex) { try NIP19.encodePublicKey(Self.key.uppercased()) }
        #expect(throws: NIP19Error.invalidPublicKeyLength(31)) { try NIP19.encodePublicKey(String(Self.key.dropLast(2))) }
        #expect(throws: NIP19Error.self) { try NIP19.encodeProfile(publicKey: Self.key, relays: ["http://x.example"]) }
    }

    /// Seeded mutations of valid strings never crash the decoder, and whatever decodes re-encodes
    /// to a string that decodes to the same entity.
    @Test func fuzzedStringsNeverCrashAndDecodeConsistently() throws {
        let seeds = [
            Self.npub,
            try NIP19.encodeProfile(publicKey: Self.key, relays: ["wss://relay.example.com", "ws://127.0.0.1:7777"]),
            "nostr:" + Self.npub,
        ]
        let tokens = ["1", "q", "Q", "nostr:", "npub1", "nprofile1", "\u{0}", "é"]
        #expect(try NIP19Mutations.checkRoundTrips(seeds: seeds, tokens: tokens, seed: 0x5EED_0019) > 0)
    }
}

/// Bech32 strings for test inputs (arbitrary TLV data, other prefixes).
enum Bech32Encoder {
    static func encode(prefix: String, bytes: [UInt8]) -> String {
        var values: [UInt8] = []
        var accumulator = 0
        var bits = 0
        for byte in bytes {
            accumulator = (accumulator << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                values.append(UInt8((accumulator >> bits) & 31))
            }
            accumulator &= (1 << bits) - 1
        }
        if bits > 0 { values.append(UInt8((accumulator << (5 - bits)) & 31)) }
        return BIP173Builder.string(prefix: prefix, values: values)
    }
}

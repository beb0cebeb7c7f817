@_spi(ClipKitTooling) import ClipNostr
import ClipTestSupport
import Testing

/// nevent and naddr: the NIP-19 TLV rules for event and address pointers, byte by byte.
///
/// NIP-19 itself gives example strings only for npub, nsec and nprofile; strings for these forms
/// are cross-checked against nostr-sdk in `NIP19CrossImplementationTests`.
@Suite struct NIP19PointerTests {
    static let author = NIP19Tests.key
    static let authorBytes = NIP19Tests.keyBytes
    static let eventID = "7b5a9c799776935f959eccfd311af6152db6a1360296c9790b37a8a3c5f6e8a1"
    static var eventIDBytes: [UInt8] { bytes(hex: eventID) }

    static func bytes(hex: String) -> [UInt8] {
        let characters = Array(hex.utf8)
        return stride(from: 0, to: characters.count, by: 2).map { offset in
            UInt8(String(decoding: characters[offset..<(offset + 2)], as: UTF8.self), radix: 16) ?? 0
        }
    }

    static func string(_ prefix: String, _ entries: [(UInt8, [UInt8])], trailing: [UInt8] = []) -> String {
        var data: [UInt8] = []
        for (type, value) in entries { data += [type, UInt8(value.count)] + value }
        return Bech32Encoder.encode(prefix: prefix, bytes: data + trailing)
    }

    func decode(_ text: String) -> Result<NIP19Entity, NIP19Error> {
        Result { () throws(NIP19Error) in try NIP19.checkedDecode(text) }
    }

    // MARK: nevent

    @Test func neventWithEveryFieldDecodes() throws {
        let text = Self.string("nevent", [
            (0, Self.eventIDBytes), (2, Self.authorBytes), (3, [0, 0, 0x75, 0x30]),
            (1, Array("wss://relay.example.com".utf8)), (1, Array("ws://127.0.0.1:7777".utf8)),
        ])
        let expected = NIP19EventPointer(
            eventID: Self.eventID, relays: ["wss://relay.example.com", "ws://127.0.0.1:7777"], author: Self.author, kind: 30_000
        )
        #expect(try NIP19.decode(text) == .nevent(expected))
        #expect(try NIP19.decode(text).publicKey == Self.author)
        #expect(try NIP19.encode(.nevent(expected)) == text)
        #expect(try NIP19.decode("nostr:" + text.uppercased()) == .nevent(expected))
    }

    @Test func neventNeedsOnlyItsID() throws {
        let text = Self.string("nevent", [(0, Self.eventIDBytes)])
        let entity = try NIP19.decode(text)
        #expect(entity == .nevent(NIP19EventPointer(eventID: Self.eventID)))
        #expect(entity.publicKey == nil)
        #expect(entity.relays.isEmpty)
        #expect(entity.typeName == "nevent")
    }

    @Test func neventRulesAreEnforced() {
        let relay = (UInt8(1), Array("wss://a.example".utf8))
        #expect(decode(Self.string("nevent", [relay])) == .failure(.missingField(.eventID, entity: "nevent")))
        #expect(decode(Self.string("nevent", [(0, Self.eventIDBytes), (0, Self.eventIDBytes)]))
            == .failure(.duplicateField(.eventID, entity: "nevent")))
        #expect(decode(Self.string("nevent", [(0, Array(Self.eventIDBytes.dropLast()))]))
            == .failure(.invalidFieldLength(.eventID, entity: "nevent", length: 31, expected: 32)))
        #expect(decode(Self.string("nevent", [(0, Self.eventIDBytes), (2, Self.authorBytes + [0])]))
            == .failure(.invalidFieldLength(.author, entity: "nevent", length: 33, expected: 32)))
        #expect(decode(Self.string("nevent", [(0, Self.eventIDBytes), (2, Self.authorBytes), (2, Self.authorBytes)]))
            == .failure(.duplicateField(.author, entity: "nevent")))
        #expect(decode(Self.string("nevent", [(0, Self.eventIDBytes), (3, [0, 1])]))
            == .failure(.invalidFieldLength(.kind, entity: "nevent", length: 2, expected: 4)))
        #expect(decode(Self.string("nevent", [(0, Self.eventIDBytes), (3, [0, 0, 0, 1]), (3, [0, 0, 0, 1])]))
            == .failure(.duplicateField(.kind, entity: "nevent")))
        #expect(decode(Self.string("nevent", [(0, Self.eventIDBytes)], trailing: [2, 32, 1]))
            == .failure(.truncatedTLV(entity: "nevent", offset: 34)))
    }

    // MARK: naddr

    @Test func naddrOfAProfileDecodes() throws {
        let text = Self.string("naddr", [(0, []), (2, Self.authorBytes), (3, [0, 0, 0, 0]), (1, Array("wss://nos.lol".utf8))])
        let expected = NIP19AddressPointer(identifier: "", author: Self.author, kind: 0, relays: ["wss://nos.lol"])
        #expect(try NIP19.decode(text) == .naddr(expected))
        #expect(try NIP19.decode(text).publicKey == Self.author)
        #expect(try NIP19.encodeAddress(expected) == text)
    }

    @Test func naddrKindIsBigEndianAndThirtyTwoBits() throws {
        let cases: [([UInt8], UInt32)] = [
            ([0, 0, 0x79, 0x17], 30_999), ([0, 0, 0x01, 0x00], 256), ([0x01, 0x00, 0x00, 0x00], 16_777_216),
            ([0xFF, 0xFF, 0xFF, 0xFF], UInt32.max),
        ]
        for (bytes, kind) in cases {
            let text = Self.string("naddr", [(0, Array("slug".utf8)), (2, Self.authorBytes), (3, bytes)])
            guard case .naddr(let pointer) = try NIP19.decode(text) else {
                Issue.record("not an naddr: \(text)")
                continue
            }
            #expect(pointer.kind == kind)
            #expect(try NIP19.encodeAddress(pointer) == text)
        }
    }

    @Test func naddrIdentifierIsUTF8AndMayBeEmpty() throws {
        let identifier = "Fahrer 司机 🚗"
        let text = try NIP19.encodeAddress(NIP19AddressPointer(identifier: identifier, author: Self.author, kind: 30_023))
        guard case .naddr(let pointer) = try NIP19.decode(text) else {
            Issue.record("not an naddr")
            return
        }
        #expect(pointer.identifier == identifier)
        #expect(decode(Self.string("naddr", [(0, [0xFF, 0xFE]), (2, Self.authorBytes), (3, [0, 0, 0, 0])])) == .failure(.identifierNotUTF8))
        let longest = String(repeating: "d", count: 255)
        #expect(throws: Never.self) { try NIP19.encodeAddress(NIP19AddressPointer(identifier: longest, author: Self.author, kind: 1)) }
        #expect(throws: NIP19Error.identifierTooLong(256, limit: 255)) {
            try NIP19.encodeAddress(NIP19AddressPointer(identifier: longest + "d", author: Self.author, kind: 1))
        }
    }

    @Test func naddrRequiresIdentifierAuthorAndKind() {
        let identifier = (UInt8(0), Array("slug".utf8))
        let author = (UInt8(2), Self.authorBytes)
        let kind = (UInt8(3), [UInt8](arrayLiteral: 0, 0, 0x75, 0x17))
        #expect(decode(Self.string("naddr", [author, kind])) == .failure(.missingField(.identifier, entity: "naddr")))
        #expect(decode(Self.string("naddr", [identifier, kind])) == .failure(.missingField(.author, entity: "naddr")))
        #expect(decode(Self.string("naddr", [identifier, author])) == .failure(.missingField(.kind, entity: "naddr")))
        #expect(decode(Self.string("naddr", [identifier, identifier, author, kind])) == .failure(.duplicateField(.identifier, entity: "naddr")))
        #expect(decode(Self.string("naddr", [identifier, author, author, kind])) == .failure(.duplicateField(.author, entity: "naddr")))
        #expect(decode(Self.string("naddr", [identifier, author, (3, [0, 0, 0x75])]))
            == .failure(.invalidFieldLength(.kind, entity: "naddr", length: 3, expected: 4)))
        #expect(decode(Self.string("naddr", [identifier, (2, Array(Self.authorBytes.prefix(31))), kind]))
            == .failure(.invalidFieldLength(.author, entity: "naddr", length: 31, expected: 32)))
        let missing = NIP19Error.missingField(.kind, entity: "naddr")
        #expect(missing.description.contains("naddr") && missing.description.contains("kind") && missing.description.contains("type 3"))
    }

    // MARK: rules shared by every TLV form

    @Test func unknownEntriesAreIgnoredAndBadHintsSkipped() throws {
        let entries: [(UInt8, [UInt8])] = [
            (9, [1, 2, 3]), (0, Self.eventIDBytes), (200, []), (1, Array("wss://good.example".utf8)),
            (1, Array("http://bad.example".utf8)), (1, Array("ws://remote.example".utf8)), (1, [0xFF, 0xFE]),
            (1, Array("wss://good.example".utf8)), (255, Array(repeating: 7, count: 255)),
        ]
        #expect(try NIP19.decode(Self.string("nevent", entries))
            == .nevent(NIP19EventPointer(eventID: Self.eventID, relays: ["wss://good.example"])))
        let address = [(UInt8(7), [UInt8](arrayLiteral: 1)), (0, []), (2, Self.authorBytes), (3, [0, 0, 0, 0]), (1, Array("wss://good.example".utf8))]
        #expect(try NIP19.decode(Self.string("naddr", address))
            == .naddr(NIP19AddressPointer(identifier: "", author: Self.author, kind: 0, relays: ["wss://good.example"])))
    }

    @Test func relayHintsAreCappedInEveryForm() throws {
        let hints = (0..<40).map { (UInt8(1), Array("wss://r\($0).example".utf8)) }
        let event = try NIP19.decode(Self.string("nevent", [(0, Self.eventIDBytes)] + hints))
        let address = try NIP19.decode(Self.string("naddr", [(0, []), (2, Self.authorBytes), (3, [0, 0, 0, 0])] + hints))
        for entity in [event, address] {
            #expect(entity.relays.count == NIP19.maximumRelayHints)
            #expect(entity.relays == (0..<16).map { "wss://r\($0).example" })
        }
        let tooMany = (0..<17).map { "wss://r\($0).example" }
        #expect(throws: NIP19Error.tooManyRelays(17, limit: 16)) {
            try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID, relays: tooMany))
        }
        #expect(throws: NIP19Error.tooManyRelays(17, limit: 16)) {
            try NIP19.encodeAddress(NIP19AddressPointer(identifier: "", author: Self.author, kind: 0, relays: tooMany))
        }
    }

    @Test func stringsAreCapped() {
        var entries: [(UInt8, [UInt8])] = [(0, Self.eventIDBytes)]
        while entries.count < 40 { entries.append((9, Array(repeating: 1, count: 255))) }
        let long = Self.string("nevent", entries)
        #expect(long.utf8.count > NIP19.maximumEncodedLength)
        #expect(decode(long) == .failure(.tooLong(long.utf8.count, limit: NIP19.maximumEncodedLength)))
    }

    @Test func encodingRefusesBadIDsAndAuthors() {
        #expect(throws: NIP19Error.malformedEventIDHex) { try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID.uppercased())) }
        #expect(throws: NIP19Error.malformedEventIDHex) { try NIP19.encodeEvent(NIP19EventPointer(eventID: "abcd")) }
        #expect(throws: NIP19Error.malformedPublicKeyHex) {
            try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID, author: Self.author.uppercased()))
        }
        #expect(throws: NIP19Error.self) { try NIP19.encodeAddress(NIP19AddressPointer(identifier: "", author: "zz", kind: 0)) }
        #expect(throws: NIP19Error.self) {
            try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID, relays: ["https://relay.example"]))
        }
    }

    /// Seeded mutations of valid nevent and naddr strings never crash the decoder, and whatever
    /// decodes re-encodes to a string that decodes to the same entity.
    @Test func fuzzedPointersNeverCrashAndDecodeConsistently() throws {
        let seeds = [
            try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID, relays: ["wss://a.example"], author: Self.author, kind: 1)),
            try NIP19.encodeAddress(NIP19AddressPointer(identifier: "slug", author: Self.author, kind: 30_023, relays: ["ws://127.0.0.1:7777"])),
            "nostr:" + (try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID))),
        ]
        let tokens = ["1", "q", "Q", "nostr:", "nevent1", "naddr1", "\u{0}", "é"]
        #expect(try NIP19Mutations.checkRoundTrips(seeds: seeds, tokens: tokens, seed: 0x5EED_0020) > 0)
    }
}

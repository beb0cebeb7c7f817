import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Foundation
import Testing

/// The link-fragment encoding of a signed event: exact round trips, strict rejection of every
/// malformed input, and no tampered byte that still verifies.
@Suite struct EventFragmentTests {
    let verifier = EventVerifier()

    func bytes(_ fragment: String) throws -> [UInt8] {
        try #require(Data(base64Encoded: base64(fromURL: fragment))).map { $0 }
    }

    func base64(fromURL text: String) -> String {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return standard
    }

    func fragment(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    func isGenuine(_ event: NostrEvent) -> Bool {
        if case .success = verifier.verify(event) { return true }
        return false
    }

    func code(_ fragment: String) -> String? {
        do {
            _ = try EventFragment.checkedDecode(fragment)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func genuineEventsRoundTripWithTheirIDRecomputed() throws {
        for json in [SampleEvents.profileJSON, SampleEvents.noteJSON] {
            let event = try SampleEvents.decode(json)
            let text = try EventFragment.encode(event)
            let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            #expect(text.allSatisfy { alphabet.contains($0) })
            let decoded = try EventFragment.decode(text)
            #expect(decoded == event)
            #expect(isGenuine(decoded))
            // The id is not carried: 32 bytes fewer than the fields with it.
            #expect(try bytes(text).count < 1 + 32 + 64 + 10 + event.content.utf8.count + 64)
        }
    }

    @Test func theLayoutIsTheDocumentedOne() throws {
        let event = try SampleEvents.decode(SampleEvents.profileJSON)
        let laid = try bytes(try EventFragment.encode(event))
        #expect(laid[0] == EventFragment.version)
        #expect(Array(laid[1..<33]) == hexBytes(event.pubkey))
        // created_at 1,700,000,000 in LEB128 takes five bytes, kind 0 one.
        #expect(laid[33..<38].elementsEqual([0x80, 0xE2, 0xCF, 0xAA, 0x06]))
        #expect(laid[38] == 0)
        #expect(Array(laid[39..<103]) == hexBytes(event.signature))
        let contentLength = event.content.utf8.count
        #expect(laid[103] == UInt8(contentLength & 0x7F) | 0x80 && laid[104] == UInt8(contentLength >> 7))
        #expect(laid.last == 0)   // no tags
        #expect(laid.count == 105 + contentLength + 1)
    }

    func hexBytes(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            result.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    /// Flips each bit of every byte in turn: the result either does not decode or does not verify.
    @Test(arguments: [SampleEvents.profileJSON, SampleEvents.noteJSON])
    func noTamperedByteVerifies(json: String) throws {
        let event = try SampleEvents.decode(json)
        let original = try bytes(try EventFragment.encode(event))
        var fieldsHit: Set<String> = []
        for offset in original.indices {
            for bit in [0, 3, 7] {
                var tampered = original
                tampered[offset] ^= UInt8(1 << bit)
                let field = Self.field(at: offset, in: original)
                do {
                    let decoded = try EventFragment.decode(fragment(tampered))
                    #expect(!isGenuine(decoded), "byte \(offset) (\(field)) bit \(bit) still verifies")
                    fieldsHit.insert(field)
                } catch {
                    fieldsHit.insert(field)
                }
            }
        }
        #expect(fieldsHit == ["version", "pubkey", "created_at", "kind", "signature", "content", "tags"])
    }

    /// Which field a byte of the layout belongs to, for the layout of the sample events
    /// (five-byte `created_at`, one-byte kind, a content length of one or two bytes).
    static func field(at offset: Int, in bytes: [UInt8]) -> String {
        switch offset {
        case 0: return "version"
        case 1..<33: return "pubkey"
        case 33..<38: return "created_at"
        case 38: return "kind"
        case 39..<103: return "signature"
        default:
            let twoBytes = bytes[103] & 0x80 != 0
            let length = twoBytes ? Int(bytes[103] & 0x7F) | Int(bytes[104]) << 7 : Int(bytes[103])
            return offset < 103 + (twoBytes ? 2 : 1) + length ? "content" : "tags"
        }
    }

    /// Each field changed to another well-formed value decodes, and is rejected by the verifier.
    @Test func changingAnyFieldBreaksTheSignature() throws {
        let event = try SampleEvents.decode(SampleEvents.noteJSON)
        var changes: [(String, (inout NostrEvent) -> Void)] = [
            ("pubkey", { $0.pubkey = SampleEvents.publicKey.replacingOccurrences(of: "8641", with: "8642") }),
            ("created_at", { $0.createdAt += 1 }),
            ("kind", { $0.kind = 0 }),
            ("signature", { $0.signature = String($0.signature.dropLast()) + "0" }),
            ("content", { $0.content += " " }),
            ("tags", { $0.tags[0][1] = "roadflarf" }),
        ]
        changes.append(("tag count", { $0.tags.removeLast() }))
        for (name, change) in changes {
            var altered = event
            change(&altered)
            let decoded = try EventFragment.decode(try EventFragment.encode(altered))
            #expect(!isGenuine(decoded), "a changed \(name) still verifies")
        }
    }

    /// Hostile encodings, each with the reason it must be rejected for.
    @Test func hostileEncodingsAreRejectedWithTheirReason() throws {
        let genuine = try bytes(try EventFragment.encode(try SampleEvents.decode(SampleEvents.noteJSON)))
        let genuineText = fragment(genuine)
        var corpus: [(String, String, String)] = [
            ("empty", "", "empty"),
            ("padding", genuineText + "=", "invalid-character"),
            ("standard alphabet", "+" + genuineText.dropFirst(), "invalid-character"),
            ("one character cut", String(genuineText.dropLast(genuineText.count % 4 == 2 ? 1 : genuineText.count % 4 == 3 ? 2 : 3)), "impossible-length"),
            ("space", " " + genuineText.dropFirst(), "invalid-character"),
            ("hash kept", "#" + genuineText.dropFirst(), "invalid-character"),
            ("non-ASCII", "é" + genuineText, "invalid-character"),
            ("one lone character", "A", "impossible-length"),
            ("over the cap", String(repeating: "A", count: EventFragment.maximumCharacters + 1), "too-long"),
            ("version 0", fragment([0] + genuine.dropFirst()), "unsupported-version"),
            ("version 2", fragment([2] + genuine.dropFirst()), "unsupported-version"),
            ("version only", fragment([1]), "truncated"),
            ("cut in the pubkey", fragment(Array(genuine.prefix(20))), "truncated"),
            ("cut in created_at", fragment(Array(genuine.prefix(35))), "truncated"),
            ("cut in the signature", fragment(Array(genuine.prefix(80))), "truncated"),
            ("cut in the content", fragment(Array(genuine.prefix(120))), "truncated"),
            ("cut in the tags", fragment(Array(genuine.dropLast(3))), "truncated"),
            ("one byte extra", fragment(genuine + [0]), "trailing-bytes"),
            ("a whole event extra", fragment(genuine + genuine), "trailing-bytes"),
            ("created_at written long", fragment(Array(genuine[0..<37]) + [genuine[37] | 0x80, 0x00] + Array(genuine[38...])), "non-minimal-number"),
            ("kind written long", fragment(Array(genuine[0..<38]) + [0x81, 0x00] + Array(genuine[39...])), "non-minimal-number"),
            ("kind 65,536", fragment(Array(genuine[0..<38]) + [0x80, 0x80, 0x04] + Array(genuine[39...])), "number-out-of-range"),
            ("created_at past Int64", fragment(Array(genuine[0..<33]) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01] + Array(genuine[38...])), "number-out-of-range"),
            ("created_at past 64 bits", fragment(Array(genuine[0..<33]) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F] + Array(genuine[38...])), "number-out-of-range"),
            ("endless number", fragment(Array(genuine[0..<33]) + [UInt8](repeating: 0xFF, count: 40)), "number-out-of-range"),
            ("content length past the end", fragment(Array(genuine[0..<103]) + [0xFF, 0x0F, 0x41]), "truncated"),
            ("invalid UTF-8 content", fragment(Array(genuine[0..<103]) + [2, 0xC3, 0x28, 0]), "invalid-utf8"),
            ("lone surrogate content", fragment(Array(genuine[0..<103]) + [3, 0xED, 0xA0, 0x80, 0]), "invalid-utf8"),
            ("empty tag", fragment(Array(genuine[0..<103]) + [0, 1, 0]), "empty-tag"),
            ("huge tag count", fragment(Array(genuine[0..<103]) + [0, 0xFF, 0xFF, 0xFF, 0x7F]), "truncated"),
            ("huge element count", fragment(Array(genuine[0..<103]) + [0, 1, 0xFF, 0xFF, 0x03]), "truncated"),
            ("invalid UTF-8 tag", fragment(Array(genuine[0..<103]) + [0, 1, 1, 1, 0xFF]), "invalid-utf8"),
        ]
        // Stray bits after the last byte: the same bytes written as another text.
        let lastBytesCount = genuine.count % 3
        if lastBytesCount != 0 {
            var text = Array(genuineText.utf8)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
            let value = alphabet.firstIndex(of: text[text.count - 1]) ?? 0
            text[text.count - 1] = alphabet[value | 1]
            corpus.append(("stray bits", String(decoding: text, as: UTF8.self), "non-canonical-base64"))
        }
        for (name, input, expected) in corpus {
            #expect(code(input) == expected, "\(name)")
        }
        #expect(code(genuineText) == nil)
    }

    @Test func encodingRefusesWhatCannotBeLaidOutOrIsTooLarge() throws {
        var event = try SampleEvents.decode(SampleEvents.profileJSON)
        event.pubkey = event.pubkey.uppercased()
        #expect(throws: EventFragmentError.malformedEvent(.malformedPublicKey)) { try EventFragment.encode(event) }
        event = try SampleEvents.decode(SampleEvents.profileJSON)
        event.content = String(repeating: "x", count: EventFragment.maximumBytes)
        #expect(throws: EventFragmentError.self) { try EventFragment.encode(event) }
        event.tags = [[]]
        event.content = ""
        #expect(throws: EventFragmentError.malformedEvent(.emptyTag(index: 0))) { try EventFragment.encode(event) }
    }

    @Test func aProfileMustBeByTheKeyInThePathAndOfKindZero() throws {
        let profile = try EventFragment.encode(try SampleEvents.decode(SampleEvents.profileJSON))
        #expect(throws: Never.self) { try EventFragment.decodeProfile(profile, author: SampleEvents.publicKey) }
        let other = String(repeating: "ab", count: 32)
        #expect(throws: EventFragmentError.authorMismatch(expected: other, found: SampleEvents.publicKey)) {
            try EventFragment.decodeProfile(profile, author: other)
        }
        let note = try EventFragment.encode(try SampleEvents.decode(SampleEvents.noteJSON))
        #expect(throws: EventFragmentError.notAProfile(kind: 1)) { try EventFragment.decodeProfile(note, author: SampleEvents.publicKey) }
    }
}

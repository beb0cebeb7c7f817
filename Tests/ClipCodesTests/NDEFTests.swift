@_spi(ClipKitTooling) import ClipCodes
import ClipTestSupport
import Foundation
import Testing

/// NDEF URI messages against ndeflib (PyPI), a real NDEF parser.
@Suite struct NDEFTests {
    @Test func ndeflibReadsEveryMessageBackToItsURI() async throws {
        var random = SeededGenerator(seed: 0x4DEF)
        var uris = [
            "https://brew.example/s/soho/t/12", "https://www.example.com/a", "http://www.example.com/", "http://example.com/x",
            "tel:+15551234567", "mailto:orders@brew.example", "urn:nfc:sn:abc", "urn:epc:id:sgtin:1", "urn:x", "ftp://ftp.example.com/f",
            "brew://no-prefix", "",
        ]
        for length in [200, 250, 251, 252, 253, 254, 255, 256, 600, 1_200] {
            uris.append(TestURLs.synthetic(length: length, style: 0, random: &random))
        }
        let messages = uris.map { NDEFURIMessage(uri: $0) }
        let parsed = try await CodeReferences.parseNDEF(messages.map(\.bytes))
        for (index, result) in parsed.enumerated() {
            switch result {
            case .success(let records): #expect(records == [uris[index]], "ndeflib read \(records) from \(messages[index].bytes.prefix(8))")
            case .failure(let error): Issue.record("ndeflib refused the message for \(uris[index].prefix(60)): \(error)")
            }
        }
        #expect(messages[0].prefixCode == 0x04)
        #expect(messages[1].prefixCode == 0x02)
        #expect(messages[2].prefixCode == 0x01)
        #expect(messages[9].prefixCode == 0x08)
        #expect(messages[10].prefixCode == 0x00)
    }

    @Test func aBrokenMessageIsRefusedByTheReferenceSoItsVerdictCounts() async throws {
        var bytes = NDEFURIMessage(uri: "https://brew.example/s/soho/t/12").bytes
        bytes[2] += 1    // the payload length now runs past the end
        let parsed = try await CodeReferences.parseNDEF([bytes])
        if case .success(let records) = parsed[0] { Issue.record("ndeflib accepted a broken message: \(records)") }
    }

    @Test func tagsAreChosenByTheBytesTheTLVTakes() {
        // NTAG213 holds 144 bytes: the TLV (2 bytes), the message and the terminator (1 byte).
        let header = 4 + 1    // short record header, type "U", prefix code
        func message(payloadCharacters: Int) -> NDEFURIMessage {
            NDEFURIMessage(uri: "https://" + String(repeating: "a", count: payloadCharacters))
        }
        let fits = message(payloadCharacters: 144 - 3 - header)
        #expect(fits.bytes.count == 141 && fits.tagBytes == 144)
        #expect(fits.tagsThatHold() == [.ntag213, .ntag215, .ntag216])
        let over = message(payloadCharacters: 144 - 3 - header + 1)
        #expect(over.tagsThatHold() == [.ntag215, .ntag216])
        // Past 254 bytes the TLV length takes three bytes, and past 255 payload bytes the record is no longer short.
        let long = message(payloadCharacters: 600)
        #expect(long.bytes[0] & 0x10 == 0 && long.bytes.count == 1 + 1 + 4 + 1 + 1 + 600)
        #expect(long.tagBytes == long.bytes.count + 4 + 1)
        #expect(message(payloadCharacters: 888).tagsThatHold().isEmpty)
    }

    @Test func capacityIsTheNDEFAreaTheCapabilityContainerDeclares() {
        // NXP's data sheets: CC byte 2 is the NDEF area in 8-byte units, 0x12, 0x3E and 0x6D.
        #expect(NFCTag.ntag213.capabilityContainer == [0xE1, 0x10, 0x12, 0x00])
        #expect(NFCTag.ntag215.capabilityContainer == [0xE1, 0x10, 0x3E, 0x00])
        #expect(NFCTag.ntag216.capabilityContainer == [0xE1, 0x10, 0x6D, 0x00])
        #expect(NFCTag.allCases.map(\.ndefCapacity) == [144, 496, 872])
        // The data sheets' user memory is larger on NTAG215 and NTAG216; a phone writes only the declared area.
        #expect(NFCTag.allCases.map(\.userMemory) == [144, 504, 888])
    }

    /// A message whose TLV, message and terminator take exactly `tagBytes` bytes of the tag: a long
    /// record (past 255 payload bytes) behind a three-byte TLV length.
    static func message(takingTagBytes tagBytes: Int) -> NDEFURIMessage {
        // TLV type and 0xFF xx xx (4), header, type length, 4 length bytes, type "U" (7), prefix code (1), terminator (1).
        let rest = tagBytes - 4 - 7 - 1 - 1
        return NDEFURIMessage(uri: "https://brew.example/s/" + String(repeating: "a", count: rest - "brew.example/s/".utf8.count))
    }

    @Test func theLargeTagsHoldExactlyTheirNDEFAreaWithTheTLVAndTerminatorCounted() async throws {
        let cases: [(bytes: Int, holding: [NFCTag])] = [
            (496, [.ntag215, .ntag216]), (497, [.ntag216]), (872, [.ntag216]), (873, []),
        ]
        var messages: [NDEFURIMessage] = []
        for (bytes, holding) in cases {
            let message = Self.message(takingTagBytes: bytes)
            // Counted independently of tagBytes: the TLV's type and 3-byte length, the message, the terminator.
            #expect(message.bytes.count >= 255 && 1 + 3 + message.bytes.count + 1 == bytes)
            #expect(message.tagBytes == bytes)
            #expect(message.tagsThatHold() == holding, "\(bytes) bytes of the tag")
            messages.append(message)
        }
        let parsed = try await CodeReferences.parseNDEF(messages.map(\.bytes))
        for (index, result) in parsed.enumerated() {
            #expect((try? result.get()) == [messages[index].uri], "ndeflib: \(result)")
        }
        // The smallest case with a one-byte TLV length: 144 bytes hold 254 at most, so NTAG213's boundary is a short one.
        let short = NDEFURIMessage(uri: "https://" + String(repeating: "a", count: 144 - 3 - 5))
        #expect(short.tagBytes == 144 && short.tagsThatHold().first == .ntag213)
    }
}

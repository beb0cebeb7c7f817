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
}

@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Foundation
import Testing

/// Events signed by nostr-sdk with hard content: ClipNostr must compute the same ids, keep content
/// and tags byte for byte, accept the signatures, and reject tampered copies for the same reason
/// nostr-sdk does — through both signature backends.
@Suite(.serialized) struct EventCrossImplementationTests {
    /// EventVerifier with libsecp256k1 and with the pure-Swift verifier.
    static let verifiers: [(name: String, verifier: EventVerifier)] = [
        ("libsecp256k1", EventVerifier(signatureVerifier: Secp256k1SignatureVerifier())),
        ("swift", EventVerifier(signatureVerifier: SwiftSignatureVerifier())),
    ]

    struct SignedCase {
        let label: String
        let referenceID: String
        let contentHex: String
        let tagsHex: [[String]]
        let event: NostrEvent
    }

    /// The corpus, decoded by ClipNostr from the exact JSON nostr-sdk wrote.
    static func corpus() async throws -> [SignedCase] {
        let lines = try await NostrReference.run(["events"])
        var cases: [SignedCase] = []
        for line in lines {
            let value = try StrictJSONParser(maximumBytes: 4 * 1024 * 1024).parse(line)
            let object = try #require(value.objectValue)
            let label = try #require(object["label"]?.stringValue)
            let eventValue = try #require(object["event"], "\(label): no event")
            let event = try NostrEvent(jsonValue: eventValue)
            let tagsHex = (object["tagsHex"]?.arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap(\.stringValue) }
            cases.append(SignedCase(
                label: label,
                referenceID: try #require(object["id"]?.stringValue),
                contentHex: try #require(object["contentHex"]?.stringValue),
                tagsHex: tagsHex,
                event: event
            ))
        }
        return cases
    }

    static func hex(_ text: String) -> String {
        text.utf8.map { String(format: "%02x", $0) }.joined()
    }

    @Test func clipNostrComputesTheSameIDsAndAcceptsTheSignatures() async throws {
        let cases = try await Self.corpus()
        #expect(cases.count >= 70, "the corpus shrank to \(cases.count) events")
        let labels = Set(cases.map(\.label))
        for required in ["empty", "all-controls", "line-separators", "long-64k", "emoji", "rtl", "combining", "tags-all-controls"] {
            #expect(labels.contains(required), "the corpus lacks \(required)")
        }
        for signed in cases {
            #expect(Self.hex(signed.event.content) == signed.contentHex, "\(signed.label): content changed while decoding")
            #expect(signed.event.tags.map { $0.map(Self.hex) } == signed.tagsHex, "\(signed.label): tags changed while decoding")
            #expect(signed.event.computedID() == signed.referenceID, "\(signed.label): id differs from nostr-sdk's")
            #expect(signed.event.id == signed.referenceID)
            for (name, verifier) in Self.verifiers {
                let result = verifier.verify(signed.event)
                #expect((try? result.get()) != nil, "\(signed.label), \(name): rejected: \(result)")
            }
        }
    }

    /// A tampered copy, the reason ClipNostr must give, and whether nostr-sdk should find the id
    /// alone wrong (`true`) or the id right and the signature wrong (`false`).
    struct Tampering {
        let name: String
        let event: NostrEvent
        let expectedCode: String
        let idIsWrong: Bool
    }

    static func tamperings(of event: NostrEvent, otherAuthor: String) -> [Tampering] {
        func resigned(_ copy: NostrEvent) -> NostrEvent {
            var updated = copy
            updated.id = copy.computedID()
            return updated
        }
        var content = event
        content.content += "!"
        var time = event
        time.createdAt += 1
        var tags = event
        tags.tags.append(["t", "added"])
        var pubkey = event
        pubkey.pubkey = otherAuthor
        var signature = event
        signature.signature = flipLastHexDigit(event.signature)
        var id = event
        id.id = flipLastHexDigit(event.id)
        return [
            Tampering(name: "content", event: content, expectedCode: "id-mismatch", idIsWrong: true),
            Tampering(name: "created_at", event: time, expectedCode: "id-mismatch", idIsWrong: true),
            Tampering(name: "tags", event: tags, expectedCode: "id-mismatch", idIsWrong: true),
            Tampering(name: "pubkey", event: pubkey, expectedCode: "id-mismatch", idIsWrong: true),
            Tampering(name: "signature", event: signature, expectedCode: "invalid-signature", idIsWrong: false),
            Tampering(name: "id", event: id, expectedCode: "id-mismatch", idIsWrong: true),
            Tampering(name: "content with a matching id", event: resigned(content), expectedCode: "invalid-signature", idIsWrong: false),
            Tampering(name: "created_at with a matching id", event: resigned(time), expectedCode: "invalid-signature", idIsWrong: false),
            Tampering(name: "tags with a matching id", event: resigned(tags), expectedCode: "invalid-signature", idIsWrong: false),
            Tampering(name: "pubkey with a matching id", event: resigned(pubkey), expectedCode: "invalid-signature", idIsWrong: false),
        ]
    }

    static func flipLastHexDigit(_ hex: String) -> String {
        guard let last = hex.last else { return hex }
        return String(hex.dropLast()) + (last == "0" ? "1" : "0")
    }

    @Test func tamperedCopiesAreRejectedForTheSameReasonByBothImplementations() async throws {
        let cases = try await Self.corpus()
        let sample = cases.filter { ["empty", "all-controls", "line-separators", "emoji", "tags-quotes-backslashes", "kind-0-profile", "long-64k", "created-at-zero"].contains($0.label) }
        #expect(sample.count == 8)
        var tampered: [(label: String, tampering: Tampering)] = []
        for (index, signed) in sample.enumerated() {
            let other = sample[(index + 1) % sample.count].event.pubkey
            for tampering in Self.tamperings(of: signed.event, otherAuthor: other) {
                for (name, verifier) in Self.verifiers {
                    switch verifier.verify(tampering.event) {
                    case .success:
                        Issue.record("\(signed.label), \(name): tampered \(tampering.name) was accepted")
                    case .failure(let error):
                        #expect(error.code == tampering.expectedCode, "\(signed.label), \(name): tampered \(tampering.name) gave \(error.code): \(error)")
                    }
                }
                tampered.append((signed.label, tampering))
            }
        }
        // nostr-sdk reads ClipNostr's JSON of each tampered copy and must agree on what is wrong.
        let lines = tampered.map { String(decoding: $0.tampering.event.jsonData(), as: UTF8.self) }
        let reports = try await NostrReference.run(["verify"], input: lines)
        try #require(reports.count == tampered.count)
        for (report, entry) in zip(reports, tampered) {
            let object = try NostrReference.object(report)
            #expect(object["parsed"] as? Bool == true, "\(entry.label)/\(entry.tampering.name): nostr-sdk could not parse ClipNostr's JSON: \(report)")
            let validID = object["validID"] as? Bool
            let validSignature = object["validSignature"] as? Bool
            if entry.tampering.idIsWrong {
                #expect(validID == false, "\(entry.label)/\(entry.tampering.name): nostr-sdk accepted the id")
            } else {
                #expect(validID == true && validSignature == false, "\(entry.label)/\(entry.tampering.name): nostr-sdk said \(report)")
            }
        }
    }

    @Test func nostrSDKAcceptsClipNostrsJSONOfEveryGenuineEvent() async throws {
        let cases = try await Self.corpus()
        let lines = cases.map { String(decoding: $0.event.jsonData(), as: UTF8.self) }
        let reports = try await NostrReference.run(["verify"], input: lines)
        try #require(reports.count == cases.count)
        for (report, signed) in zip(reports, cases) {
            let object = try NostrReference.object(report)
            #expect(object["validID"] as? Bool == true && object["validSignature"] as? Bool == true, "\(signed.label): \(report)")
        }
    }
}

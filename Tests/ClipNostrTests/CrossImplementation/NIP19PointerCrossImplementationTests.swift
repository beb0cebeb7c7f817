import ClipNostr
import Foundation
import Testing

/// nevent and naddr strings travel both ways between nostr-sdk (the oracle: rust-nostr's
/// `Nip19Event`, `Nip19Coordinate` and `Nip19.from_bech32`) and ClipNostr with the same fields.
///
/// NIP-19 has no example strings for these forms, so nostr-sdk's are the reference vectors.
@Suite(.serialized) struct NIP19PointerCrossImplementationTests {
    @Test func stringsFromNostrSDKDecodeToTheSameFieldsAndEncodeAlike() async throws {
        let lines = try await NostrReference.run(["nip19-make-pointers", "20"])
        #expect(lines.count == 40)
        var events = 0
        var addresses = 0
        for line in lines {
            let object = try NostrReference.object(line)
            let relays = try #require(object["relays"] as? [String])
            switch object["type"] as? String {
            case "nevent":
                let text = try #require(object["nevent"] as? String)
                let pointer = NIP19EventPointer(
                    eventID: try #require(object["id"] as? String), relays: relays,
                    author: object["author"] as? String, kind: (object["kind"] as? Int).map(UInt32.init)
                )
                #expect(try NIP19.decode(text) == .nevent(pointer), "\(line)")
                #expect(try NIP19.encode(.nevent(pointer)) == text, "\(line)")
                events += 1
            case "naddr":
                let text = try #require(object["naddr"] as? String)
                let pointer = NIP19AddressPointer(
                    identifier: try #require(object["identifier"] as? String), author: try #require(object["pubkey"] as? String),
                    kind: UInt32(try #require(object["kind"] as? Int)), relays: relays
                )
                #expect(try NIP19.decode("nostr:" + text) == .naddr(pointer), "\(line)")
                #expect(try NIP19.encode(.naddr(pointer)) == text, "\(line)")
                addresses += 1
            default:
                Issue.record("unexpected line \(line)")
            }
        }
        #expect(events == 20 && addresses == 20)
        // The corpus covers what matters: authorless nevents, kinds, hints, an empty identifier.
        let objects = try lines.map(NostrReference.object)
        #expect(objects.contains { $0["type"] as? String == "nevent" && $0["author"] is NSNull })
        #expect(objects.contains { $0["type"] as? String == "nevent" && $0["kind"] is Int })
        #expect(objects.contains { ($0["relays"] as? [String])?.count ?? 0 >= 3 })
        #expect(objects.contains { $0["type"] as? String == "naddr" && $0["identifier"] as? String == "" && $0["kind"] as? Int == 0 })
    }

    @Test func stringsFromClipNostrDecodeInNostrSDK() async throws {
        let keys = NIP19CrossImplementationTests.curvePoints
        let relaySets: [[String]] = [
            [], ["wss://relay.damus.io"], ["wss://nos.lol", "ws://127.0.0.1:7447"],
            ["wss://a.example", "wss://b.example:444/x", "ws://localhost:9000"],
        ]
        let identifiers = ["", "slug", "司机 🚗", String(repeating: "x", count: 255)]
        var entities: [NIP19Entity] = []
        for index in 0..<24 {
            let key = keys[index % keys.count]
            let relays = relaySets[index % relaySets.count]
            entities.append(.nevent(NIP19EventPointer(
                eventID: keys[(index + 1) % keys.count], relays: relays,
                author: index % 2 == 0 ? key : nil, kind: index % 3 == 0 ? UInt32([0, 1, 30_023, 65_535][index % 4]) : nil
            )))
            entities.append(.naddr(NIP19AddressPointer(
                identifier: identifiers[index % identifiers.count], author: key, kind: UInt32([0, 30_023, 10_002, 65_535][index % 4]), relays: relays
            )))
        }
        let strings = try entities.map { entity in try NIP19.encode(entity) }
        let reports = try await NostrReference.run(["nip19-read"], input: strings)
        try #require(reports.count == strings.count)
        for (report, entity) in zip(reports, entities) {
            let object = try NostrReference.object(report)
            #expect(object["type"] as? String == entity.typeName, "\(report)")
            #expect(object["pubkey"] as? String == entity.publicKey, "\(report)")
            #expect(object["relays"] as? [String] == entity.relays, "\(report)")
            switch entity {
            case .nevent(let pointer):
                #expect(object["id"] as? String == pointer.eventID, "\(report)")
                #expect((object["kind"] as? Int).map(UInt32.init) == pointer.kind, "\(report)")
            case .naddr(let pointer):
                #expect(object["identifier"] as? String == pointer.identifier, "\(report)")
                #expect((object["kind"] as? Int).map(UInt32.init) == pointer.kind, "\(report)")
            default:
                Issue.record("unexpected \(entity)")
            }
        }
    }
}

import ClipNostr
import Testing

/// NIP-19 strings travel both ways between nostr-sdk and ClipNostr with the same keys and relays.
@Suite(.serialized) struct NIP19CrossImplementationTests {
    struct ReferenceEntry {
        let pubkey: String
        let npub: String
        let nprofile: String
        let relays: [String]
    }

    static func referenceEntries() async throws -> [ReferenceEntry] {
        try await NostrReference.run(["nip19-make", "40"]).map { line in
            let object = try NostrReference.object(line)
            return ReferenceEntry(
                pubkey: try #require(object["pubkey"] as? String),
                npub: try #require(object["npub"] as? String),
                nprofile: try #require(object["nprofile"] as? String),
                relays: try #require(object["relays"] as? [String])
            )
        }
    }

    @Test func stringsFromNostrSDKDecodeToTheSameKeysAndRelays() async throws {
        let entries = try await Self.referenceEntries()
        #expect(entries.count == 40)
        #expect(entries.contains { $0.relays.count >= 3 })
        for entry in entries {
            #expect(try NIP19.decode(entry.npub) == .npub(publicKey: entry.pubkey))
            #expect(try NIP19.decode(entry.nprofile) == .nprofile(publicKey: entry.pubkey, relays: entry.relays))
            #expect(try NIP19.decode("nostr:" + entry.nprofile).relays == entry.relays)
            // The same key and relays encode to the very same strings.
            #expect(try NIP19.encode(.npub(publicKey: entry.pubkey)) == entry.npub)
            #expect(try NIP19.encode(.nprofile(publicKey: entry.pubkey, relays: entry.relays)) == entry.nprofile)
        }
    }

    @Test func stringsFromClipNostrDecodeInNostrSDK() async throws {
        let relaySets: [[String]] = [
            [], ["wss://relay.damus.io"], ["wss://nos.lol", "ws://127.0.0.1:7447"],
            ["wss://a.example", "wss://b.example:444/x", "wss://c.example/path?q=1", "ws://localhost:9000"],
        ]
        var strings: [String] = []
        var expected: [NIP19Entity] = []
        for index in 0..<24 {
            // nostr-sdk refuses keys that are not on the curve, so these are known points.
            let entity: NIP19Entity = index % 2 == 0
                ? .npub(publicKey: Self.curvePoints[index % Self.curvePoints.count])
                : .nprofile(publicKey: Self.curvePoints[index % Self.curvePoints.count], relays: relaySets[index % relaySets.count])
            strings.append(try NIP19.encode(entity))
            expected.append(entity)
        }
        let reports = try await NostrReference.run(["nip19-read"], input: strings)
        try #require(reports.count == strings.count)
        for (report, entity) in zip(reports, expected) {
            let object = try NostrReference.object(report)
            #expect(object["type"] as? String == entity.typeName, "\(report)")
            #expect(object["pubkey"] as? String == entity.publicKey, "\(report)")
            #expect(object["relays"] as? [String] == entity.relays, "\(report)")
        }
    }

    /// x-only public keys that lie on secp256k1 (BIP-340 test vectors 0–4 and the NIP-19 example).
    static let curvePoints = [
        "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9",
        "dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659",
        "dd308afec5777e13121fa72b9cc1b7cc0139715309b086c960e18fd969774eb8",
        "25d1dff95105f5253c4022f628a996ad3a0d95fbf21d468a1b33f8c160d8f517",
        "d69c3509bb99e412e68b0fe8544e72837dfa30746d8be2aa65975f29d22dc7b9",
        "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d",
    ]
}

import ClipKit
import ClipManifestReader
@_spi(ClipKitTooling) @testable import ClipNostr
import ClipTestSupport
import Foundation
import Testing

/// Reading an author's relay list (NIP-65, kind 10002), and carrying it in a share link's fragment
/// after the profile. The events are signed by nostr-sdk.
@Suite struct AuthorRelayListTests {
    static let now = 1_767_225_600

    /// A profile and a relay list by one test key, and a relay list by another key.
    static func signed(relayTags: [[String]]) async throws -> (profile: NostrEvent, relayList: NostrEvent, foreignList: NostrEvent) {
        let texts = try await DriverFixtures.sign([
            .init(key: "relay-list-author", kind: 0, content: #"{"name":"maria"}"#, createdAt: now - 60),
            .init(key: "relay-list-author", kind: 10002, content: "", tags: relayTags, createdAt: now - 30),
            .init(key: "relay-list-someone-else", kind: 10002, content: "", tags: relayTags, createdAt: now - 30),
        ])
        let events = try texts.map { try NostrEvent(jsonData: Data($0.utf8)) }
        return (events[0], events[1], events[2])
    }

    @Test func writeRelaysAreTheUnmarkedAndWriteEntriesThatClipNostrWouldConnectTo() async throws {
        let tags: [[String]] = [
            ["r", "wss://write.example"], ["r", "wss://read.example", "read"], ["r", "wss://both.example/", "write"],
            ["r", "ws://insecure.example"], ["r", "ws://127.0.0.1:7447"], ["r", "https://not-a-relay.example"],
            ["r", "wss://WRITE.example:443"], ["p", "wss://not-an-r-tag.example"], ["r"], ["r", "wss://odd.example", "sometimes"],
        ]
        let list = AuthorRelayList(verifiedEvent: try await Self.signed(relayTags: tags).relayList, origin: .link)
        #expect(list.writeRelays.map(\.string) == ["wss://write.example", "wss://both.example/", "ws://127.0.0.1:7447"])
        #expect(list.origin == .link)
    }

    @Test func aLongListIsCapped() async throws {
        let tags = (0..<100).map { ["r", "wss://relay\($0).example"] }
        let list = AuthorRelayList(verifiedEvent: try await Self.signed(relayTags: tags).relayList, origin: .link)
        #expect(list.writeRelays.count == AuthorRelayList.maximumListedRelays)
        #expect(list.writeRelays.first?.string == "wss://relay0.example")
    }

    @Test func aFragmentCarriesTheProfileAndThenTheRelayList() async throws {
        let events = try await Self.signed(relayTags: [["r", "wss://write.example"]])
        let single = try EventFragment.encode(events.profile)
        let both = try EventFragment.encode(profile: events.profile, relayList: events.relayList)
        #expect(both.hasPrefix(single + "."))
        #expect(try EventFragment.decodeProfile(both, author: events.profile.pubkey) == events.profile)
        #expect(try EventFragment.decodeRelayList(both, author: events.profile.pubkey) == events.relayList)
        #expect(try EventFragment.decodeRelayList(single, author: events.profile.pubkey) == nil)
        #expect(try EventFragment.decode(both.split(separator: ".")[1]) == events.relayList)
    }

    @Test func aWrongSecondPartIsRefusedWithItsReason() async throws {
        let events = try await Self.signed(relayTags: [["r", "wss://write.example"]])
        let author = events.profile.pubkey
        let profilePart = try EventFragment.encode(events.profile)
        #expect(throws: EventFragmentError.notARelayList(kind: 0)) {
            try EventFragment.decodeRelayList(profilePart + "." + profilePart, author: author)
        }
        #expect(throws: EventFragmentError.authorMismatch(expected: author, found: events.foreignList.pubkey)) {
            try EventFragment.decodeRelayList(profilePart + "." + (try EventFragment.encode(events.foreignList)), author: author)
        }
        #expect(throws: EventFragmentError.invalidCharacter(offset: 3)) {
            try EventFragment.decodeRelayList(profilePart + ".abc.def", author: author)
        }
        #expect(throws: EventFragmentError.empty) { try EventFragment.decodeRelayList(profilePart + ".", author: author) }
        // The profile part still reads alone, whatever follows it.
        #expect(try EventFragment.decodeProfile(profilePart + ".abc.def", author: author) == events.profile)
    }

    @Test func encodingRefusesEventsThatDoNotBelongTogether() async throws {
        let events = try await Self.signed(relayTags: [["r", "wss://write.example"]])
        #expect(throws: EventFragmentError.notAProfile(kind: 10002)) {
            try EventFragment.encode(profile: events.relayList, relayList: events.relayList)
        }
        #expect(throws: EventFragmentError.notARelayList(kind: 0)) {
            try EventFragment.encode(profile: events.profile, relayList: events.profile)
        }
        #expect(throws: EventFragmentError.authorMismatch(expected: events.profile.pubkey, found: events.foreignList.pubkey)) {
            try EventFragment.encode(profile: events.profile, relayList: events.foreignList)
        }
    }

    @Test func aShareLinkMayCarryTheRelayListAndSaysSo() async throws {
        let events = try await Self.signed(relayTags: [["r", "wss://write.example"], ["r", "wss://second.example"]])
        let manifest = try ManifestLoader(parameterKinds: .standardWithNostr)
            .load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        let router = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
        let plain = try ProfileShareLink(signedProfile: events.profile, router: router)
        let carrying = try ProfileShareLink(signedProfile: events.profile, relayList: events.relayList, router: router)
        #expect(!plain.carriesRelayList)
        #expect(carrying.carriesRelayList)
        #expect(carrying.url.hasPrefix(plain.url + "."))
        #expect(carrying.length > plain.length)
        var forged = events.relayList
        forged.tags = [["r", "wss://attacker.example"]]
        forged.id = forged.computedID()
        #expect(throws: ProfileShareLinkError.self) {
            try ProfileShareLink(signedProfile: events.profile, relayList: forged, router: router)
        }
    }
}

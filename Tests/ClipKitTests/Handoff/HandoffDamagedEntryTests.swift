@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// Entries that cannot be used yield nothing, are removed, say why, and leave the store working.
@Suite struct HandoffDamagedEntryTests {
    /// A damaged entry, how to make it, and the reason the store must give.
    enum Damage: String, CaseIterable, Sendable {
        case notJSON, notAnObject, missingPayload, unexpectedMember, textTimestamp, impossibleLifetime, binary
        case truncatedHalfway, truncatedByOneByte, empty
        case oversized, oversizedBeyondTheStoreCap
        case expired, futureDated
        case unknownVersion, schemaNotANumber
        case wrongType, undecodablePayload

        var expectedCode: String {
            switch self {
            case .notJSON, .notAnObject, .missingPayload, .unexpectedMember, .textTimestamp, .impossibleLifetime, .binary, .schemaNotANumber:
                return "corrupt"
            case .truncatedHalfway, .truncatedByOneByte, .empty: return "truncated"
            case .oversized, .oversizedBeyondTheStoreCap: return "oversized"
            case .expired: return "expired"
            case .futureDated: return "futureDated"
            case .unknownVersion: return "unknownVersion"
            case .wrongType: return "wrongType"
            case .undecodablePayload: return "undecodablePayload"
            }
        }

        /// The entry's bytes; the fixture's clock reads 1_700_000_000.
        func bytes() -> Data {
            let valid = Samples.envelope()
            switch self {
            case .notJSON: return Data("npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m".utf8)
            case .notAnObject: return Data("[1,2,3]".utf8)
            case .missingPayload: return Samples.envelope(payload: nil)
            case .unexpectedMember: return Samples.envelope(extra: ["note": .string("hi")])
            case .textTimestamp: return Samples.envelope(createdAt: .string("yesterday"))
            case .impossibleLifetime: return Samples.envelope(createdAt: .number(1_700_000_000), expiresAt: .number(1_699_999_000))
            case .binary: return Data([0xFF, 0xFE, 0x00, 0x7B, 0x22])
            case .truncatedHalfway: return valid.prefix(valid.count / 2)
            case .truncatedByOneByte: return valid.dropLast()
            case .empty: return Data()
            case .oversized:
                return Samples.envelope(type: .string("blob"), payload: .string(String(repeating: "x", count: 70_000)))
            case .oversizedBeyondTheStoreCap:
                return Data(repeating: 0x20, count: DirectorySharedDefaults.defaultMaximumValueBytes + 10)
            case .expired: return Samples.envelope(createdAt: .number(1_699_990_000), expiresAt: .number(1_699_999_999))
            case .futureDated: return Samples.envelope(createdAt: .number(1_700_000_301), expiresAt: .number(1_700_003_600))
            case .unknownVersion: return Samples.envelope(schema: .number(2), extra: ["signature": .string("…")])
            case .schemaNotANumber: return Samples.envelope(schema: .string("1"))
            case .wrongType: return Samples.envelope(type: .string("bluesky.starterPack"), payload: .object(["starterPackUri": .string("https://go.bsky.app/x")]))
            case .undecodablePayload: return Samples.envelope(payload: .object(["code": .string("not a code")]))
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func claimingADamagedEntryYieldsNothingAndSaysWhy(_ damage: Damage) throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        try fixture.writeEntry(damage.bytes())

        #expect(store.claim(TicketHandoff.self) == nil)
        #expect(fixture.log.codes == [damage.expectedCode])
        #expect(fixture.log.entries.allSatisfy { $0.removedEntry })
        #expect(!fixture.entryExists, "the damaged entry must be removed")

        // The store keeps working.
        fixture.log.clear()
        try store.offer(Samples.ticket)
        #expect(store.claim(TicketHandoff.self) == Samples.ticket)
        #expect(fixture.log.entries.isEmpty)
    }

    @Test(arguments: Damage.allCases)
    func peekingAtADamagedEntryYieldsNothingRemovesItAndSaysWhy(_ damage: Damage) throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        try fixture.writeEntry(damage.bytes())

        #expect(store.peek(TicketHandoff.self) == nil)
        #expect(fixture.log.codes == [damage.expectedCode])
        #expect(!fixture.entryExists, "the damaged entry must be removed")
        #expect(store.peek(TicketHandoff.self) == nil)
        #expect(fixture.log.codes.count == 1, "a removed entry is reported once")

        try store.offer(Samples.ticket)
        #expect(store.peek(TicketHandoff.self) == Samples.ticket)
        #expect(store.claim(TicketHandoff.self) == Samples.ticket)
    }

    @Test func theReasonsSayWhatWasFound() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        func reason(_ damage: Damage) -> String {
            do {
                _ = try HandoffEnvelope(validating: damage.bytes(), now: now)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(reason(.unexpectedMember).contains("unexpected member 'note'"))
        #expect(reason(.missingPayload).contains("'payload' member is missing"))
        #expect(reason(.truncatedByOneByte).contains("truncated"))
        #expect(reason(.oversized).contains("limit is 65536"))
        #expect(reason(.expired).contains("1699999999"))
        #expect(reason(.futureDated).contains("1700000301"))
        #expect(reason(.unknownVersion).contains("schema 2"))
        #expect(reason(.impossibleLifetime).contains("lifetime of -1000 seconds"))
    }

    @Test func anEntryFromAClockSlightlyAheadIsAccepted() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        try fixture.writeEntry(Samples.envelope(createdAt: .number(1_700_000_300), expiresAt: .number(1_700_003_600)))
        #expect(store.claim(TicketHandoff.self)?.code == Samples.code)
        #expect(fixture.log.entries.isEmpty)
    }

    @Test func aDamagedEntryReplacedWhilePeekingIsKept() throws {
        // Peek removes a bad entry only if it is still the one it read.
        let fixture = try HandoffFixture()
        let bad = Data("garbage".utf8)
        try fixture.writeEntry(bad)
        try fixture.defaults.set(Samples.envelope(), forKey: HandoffStore.defaultKey)
        #expect(try fixture.defaults.removeValue(forKey: HandoffStore.defaultKey, ifEqualTo: bad) == false)
        #expect(try fixture.defaults.data(forKey: HandoffStore.defaultKey) == Samples.envelope())
    }

    @Test func aStoreThatCannotBeReadReportsItWithoutRemovingAnything() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        // A folder where the entry file should be: reading fails, and nothing is deleted.
        try FileManager.default.createDirectory(at: fixture.entryFile, withIntermediateDirectories: true)
        #expect(store.peek(TicketHandoff.self) == nil)
        #expect(fixture.log.codes == ["storageFailed"])
        #expect(fixture.log.entries.allSatisfy { !$0.removedEntry })
        #expect(FileManager.default.fileExists(atPath: fixture.entryFile.path))
    }
}

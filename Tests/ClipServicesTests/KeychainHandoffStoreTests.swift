@_spi(ClipKitTooling) import ClipKit
import ClipServices
import ClipTestSupport
import Foundation
import KeychainTestDouble
import Testing

/// The keychain handoff keeps the App Group handoff's contract. The keychain here is the
/// file-backed test double (Linux has no keychain); the Security glue is type-checked for iOS by
/// scripts/check-apple-glue.
@Suite struct KeychainHandoffStoreTests {
    @Test func aSecretTypeIsClaimedExactlyOnce() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-keychain")
        let keychain = try FileKeychainItems(directory: folder.url)
        let manifest = try ServicesFixtures.ticketing()
        let clip = try KeychainHandoffStore(keychain: keychain, manifest: manifest)
        let app = try KeychainHandoffStore(keychain: keychain, manifest: manifest)

        let offer = try clip.offer(SessionHandoff(token: "s3cr3t"))
        #expect(offer.typeName == "com.example.session")
        #expect(offer.expiresAt.timeIntervalSince(offer.createdAt) == 600)
        #expect(app.peek(SessionHandoff.self) == SessionHandoff(token: "s3cr3t"))
        #expect(app.claim(SessionHandoff.self) == SessionHandoff(token: "s3cr3t"))
        #expect(app.claim(SessionHandoff.self) == nil)
        #expect(try keychain.itemFiles(service: KeychainHandoffStore.defaultKey).isEmpty)
    }

    @Test func aNewOfferReplacesTheWaitingOne() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-keychain")
        let keychain = try FileKeychainItems(directory: folder.url)
        let store = try KeychainHandoffStore(keychain: keychain, manifest: ServicesFixtures.ticketing())
        try store.offer(SessionHandoff(token: "first"))
        try store.offer(SessionHandoff(token: "second"))
        #expect(try keychain.itemFiles(service: KeychainHandoffStore.defaultKey).count == 1)
        #expect(store.claim(SessionHandoff.self) == SessionHandoff(token: "second"))
    }

    @Test func anExpiredEntryYieldsNothingAndSaysSo() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-keychain")
        let keychain = try FileKeychainItems(directory: folder.url)
        let clock = SettableClock(Date(timeIntervalSince1970: 1_800_000_000))
        let log = DiagnosticLog()
        let store = try KeychainHandoffStore(
            keychain: keychain, manifest: ServicesFixtures.ticketing(), clock: { clock.now }, diagnostics: log.record
        )
        try store.offer(SessionHandoff(token: "s3cr3t"))
        clock.advance(by: 599)
        #expect(store.peek(SessionHandoff.self) == SessionHandoff(token: "s3cr3t"))
        clock.advance(by: 1)
        #expect(store.claim(SessionHandoff.self) == nil)
        #expect(log.all.map(\.code) == ["expired"], "\(log.all)")
        #expect(try keychain.itemFiles(service: KeychainHandoffStore.defaultKey).isEmpty)
    }

    /// An app whose type no longer decodes what the clip wrote (an older or newer app) gets nothing,
    /// and the hook names the type and why: the entry is not lost silently.
    @Test func aPayloadTheAppCannotDecodeIsReportedNotLostSilently() throws {
        struct NewerSession: Codable, Sendable { var token: String; var expiresIn: Int }
        let folder = try TemporaryDirectory(prefix: "clipkit-keychain")
        let keychain = try FileKeychainItems(directory: folder.url)
        let log = DiagnosticLog()
        let clip = try KeychainHandoffStore(keychain: keychain, manifest: ServicesFixtures.ticketing())
        let app = try KeychainHandoffStore(keychain: keychain, manifest: ServicesFixtures.ticketing(), diagnostics: log.record)
        try clip.offer(SessionHandoff(token: "s3cr3t"))

        #expect(app.claim(NewerSession.self, typeName: "com.example.session") == nil)
        let diagnostics = log.all
        #expect(diagnostics.count == 1)
        guard case .undecodablePayload(let typeName, let reason)? = diagnostics.first else {
            Issue.record("expected undecodablePayload, got \(diagnostics)")
            return
        }
        #expect(typeName == "com.example.session")
        #expect(reason.contains("expiresIn"), "\(reason)")
    }

    @Test func aCorruptItemIsReportedAndRemoved() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-keychain")
        let keychain = try FileKeychainItems(directory: folder.url)
        try keychain.add(Data("{\"schema\":1,".utf8), service: KeychainHandoffStore.defaultKey, account: "planted")
        let log = DiagnosticLog()
        let store = try KeychainHandoffStore(keychain: keychain, manifest: ServicesFixtures.ticketing(), diagnostics: log.record)
        #expect(store.claim(SessionHandoff.self) == nil)
        #expect(log.all.map(\.code) == ["truncated"], "\(log.all)")
        #expect(try keychain.itemFiles(service: KeychainHandoffStore.defaultKey).isEmpty)
    }

    @Test func theKeychainStoreChecksTypesAsTheManifestSays() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-keychain")
        let store = try KeychainHandoffStore(keychain: FileKeychainItems(directory: folder.url), manifest: ServicesFixtures.ticketing())
        #expect(throws: HandoffError.typeNotListed("com.example.other", listed: ["com.example.session", "com.example.order", "clipkit.signInWithApple"])) {
            try store.offer(["x": 1], typeName: "com.example.other")
        }
        #expect(throws: HandoffError.self) { try store.offer(["other": "x"], typeName: "com.example.session") }
    }

    @Test func theAppGroupStoreRefusesASecretType() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-appgroup")
        let defaults = try DirectorySharedDefaults(directory: folder.url, synchronizesWrites: false)
        let store = try HandoffStore(defaults: defaults, manifest: ServicesFixtures.ticketing())
        #expect(throws: HandoffError.secretTypeInAppGroup("com.example.session")) {
            try store.offer(SessionHandoff(token: "s3cr3t"))
        }
        #expect(throws: HandoffError.secretTypeInAppGroup("clipkit.signInWithApple")) {
            try store.offer(SignInWithAppleHandoff(userIdentifier: "001234.abcdef.0042"))
        }
        // Nothing was written, and a type that is not secret still goes through the App Group.
        #expect(try defaults.data(forKey: HandoffStore.defaultKey) == nil)
        try store.offer(OrderHandoff(order: "A12"))
        #expect(store.claim(OrderHandoff.self) == OrderHandoff(order: "A12"))

        let message = HandoffError.secretTypeInAppGroup("com.example.session").description
        #expect(message.contains("'com.example.session'") && message.contains("keychain"), "\(message)")
        #expect(HandoffError.secretTypeInAppGroup("com.example.session").recoverySuggestion?.contains("KeychainHandoffStore") == true)
    }
}

import ClipLoopback
import ClipTestSupport
import Foundation
import Testing

/// `clipkit serve` follows a driver's relay list (kind 10002) for share-page previews, within
/// `--write-relays`, over real HTTP and real relays: the relay it is given holds only the list, the
/// driver's write relay holds the profile, both signed by nostr-sdk. The write relay is a local
/// relay, so the server is told it may reach private addresses (`--allow-private-outbound`);
/// without it the same write relay is never asked (ServeOutboundPolicyTests shows that side).
@Suite("clipkit serve through the driver's relay list", .serialized, .timeLimit(.minutes(2)))
struct ServeOutboxTests {
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path

    func sharePage(npub: String, relay: String, writeRelays: Int, allowPrivate: Bool = true) async throws -> String {
        let port = try LoopbackPort.free()
        let server = try ChildProcess(TestEnvironment.clipkitExecutable(), arguments: [
            "serve", "--manifest", roadflare, "--port", String(port), "--relay", relay,
            "--write-relays", String(writeRelays), "--log-level", "warning", "--json",
        ] + (allowPrivate ? ["--allow-private-outbound"] : []))
        defer { server.stop() }
        _ = try await server.waitForAnnouncement(withMember: "listening", timeout: 30)
        let curl = try TestEnvironment.systemTool("curl")
        let page = try await ChildProcess.run(curl, arguments: [
            "--silent", "--max-time", "20", "--header", "Host: roadflare.app", "http://127.0.0.1:\(port)/share/d/\(npub)",
        ])
        try #require(page.status == 0, "curl: \(page.standardError)")
        return page.standardOutput
    }

    @Test("the share page shows the profile found on the driver's write relay, and only with write relays allowed")
    func previewFromTheWriteRelay() async throws {
        let index = try await LocalRelay.start()
        defer { index.stop() }
        let write = try await LocalRelay.start()
        defer { write.stop() }
        let key = "serve-outbox-\(UUID().uuidString)"
        let now = Int(Date().timeIntervalSince1970)
        let signed = try await DriverFixtures.sign([
            .init(key: key, kind: 0, content: #"{"display_name":"Write Relay Driver"}"#, createdAt: now - 60),
            .init(key: key, kind: 10002, content: "", tags: [["r", write.url]], createdAt: now - 30),
        ])
        try await DriverFixtures.publish(eventsJSON: [signed[1]], to: index.url)
        try await DriverFixtures.publish(eventsJSON: [signed[0]], to: write.url)
        let pubkey = try #require((try JSONSerialization.jsonObject(with: Data(signed[0].utf8)) as? [String: Any])?["pubkey"] as? String)
        let npub = try await ChildProcess.clipkit(["nip19", "encode", pubkey]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)

        let followed = try await sharePage(npub: npub, relay: index.url, writeRelays: 3)
        #expect(followed.contains("<h1>Write Relay Driver</h1>"), "\(followed.prefix(1200))")

        let given = try await sharePage(npub: npub, relay: index.url, writeRelays: 0)
        #expect(!given.contains("Write Relay Driver"), "with --write-relays 0 only the given relay is asked")

        let guarded = try await sharePage(npub: npub, relay: index.url, writeRelays: 3, allowPrivate: false)
        #expect(!guarded.contains("Write Relay Driver"), "by default a write relay on a loopback address is not asked")

        let refused = try await ChildProcess.clipkit(["serve", "--manifest", roadflare, "--write-relays", "17", "--json"], timeout: 30)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("--write-relays"))
    }
}

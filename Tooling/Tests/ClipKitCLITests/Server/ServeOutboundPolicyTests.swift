import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit serve` cannot be turned against its own network: what anyone can publish (a relay
/// list, a profile's `nip05`) or put in a share URL (a NIP-05 name) makes it connect to no
/// loopback or private address. Listeners on 127.0.0.2 and 127.0.0.3 stand in for internal
/// services and count connections; the server is the real `clipkit serve`, the relay a real
/// `nostr-relay`, the events signed by nostr-sdk, the pages fetched by curl. With
/// `--allow-private-outbound` the same requests do reach the listeners, so the zero counts mean
/// something.
@Suite("clipkit serve's outbound requests", .serialized, .timeLimit(.minutes(3)))
struct ServeOutboundPolicyTests {
    /// RoadFlare's manifest with a `nostrPerson` route (`share/n/{npub}`), written to `folder`.
    func manifest(in folder: TemporaryDirectory) throws -> String {
        try ExampleManifest.roadFlareWithPersonRoute(in: folder).path
    }

    /// Starts `clipkit serve` with `extra` arguments, fetches each path, and stops it.
    func serve(manifest: String, relay: String, extra: [String], paths: [String]) async throws -> [String: (status: Int, body: String)] {
        let port = try LoopbackPort.free()
        let server = try ChildProcess(TestEnvironment.clipkitExecutable(), arguments: [
            "serve", "--manifest", manifest, "--port", String(port), "--relay", relay, "--log-level", "warning", "--json",
        ] + extra)
        defer { server.stop() }
        _ = try await server.waitForAnnouncement(withMember: "listening", timeout: 30)
        let curl = try TestEnvironment.systemTool("curl")
        var pages: [String: (status: Int, body: String)] = [:]
        for path in paths {
            let page = try await ChildProcess.run(curl, arguments: [
                "--silent", "--max-time", "20", "--header", "Host: roadflare.app", "--write-out", "\n%{http_code}",
                "http://127.0.0.1:\(port)\(path)",
            ])
            try #require(page.status == 0, "curl \(path): \(page.standardError)")
            let output = page.standardOutput
            let split = output.range(of: "\n", options: .backwards)
            let status = Int(output[(split?.upperBound ?? output.endIndex)...]) ?? 0
            pages[path] = (status, String(output[..<(split?.lowerBound ?? output.endIndex)]))
        }
        return pages
    }

    /// Waits until `listeners` have seen a connection, or `seconds` pass; the total count.
    func connections(to listeners: [ConnectionCountingListener], waitingUpTo seconds: Double) async throws -> Int {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, listeners.allSatisfy({ $0.connectionCount == 0 }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        return listeners.reduce(0) { $0 + $1.connectionCount }
    }

    @Test("relay lists, NIP-05 names in share URLs and profiles' nip05 reach no internal address; the switch lets them")
    func nothingPublishedReachesTheServersNetwork() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let folder = try TemporaryDirectory(prefix: "clipkit-serve-outbound")
        let manifest = try manifest(in: folder)

        // Three sets of stand-ins, so each kind of request is counted on its own.
        let relayListTargets = [try ConnectionCountingListener(address: "127.0.0.3"), try ConnectionCountingListener(address: "127.0.0.3")]
        let nameTarget = try ConnectionCountingListener(address: "127.0.0.2")
        let profileNIP05Target = try ConnectionCountingListener(address: "127.0.0.2")
        defer { (relayListTargets + [nameTarget, profileNIP05Target]).forEach { $0.stop() } }

        // A relay list with no profile, whose write relays are internal services: one plain
        // ws:// with the publisher's path and query, one wss://.
        let now = Int(Date().timeIntervalSince1970)
        let listKey = "serve-outbound-list-\(UUID().uuidString)"
        let profileKey = "serve-outbound-profile-\(UUID().uuidString)"
        let signed = try await DriverFixtures.sign([
            .init(key: listKey, kind: 10002, content: "", tags: [
                ["r", "ws://\(relayListTargets[0].hostAndPort)/internal/admin?action=flush"],
                ["r", "wss://\(relayListTargets[1].hostAndPort)/"],
            ], createdAt: now - 30),
            .init(key: profileKey, kind: 0, content: #"{"display_name":"Named Driver","nip05":"bob@\#(profileNIP05Target.hostAndPort)"}"#, createdAt: now - 60),
        ])
        try await DriverFixtures.publish(eventsJSON: signed, to: relay.url)
        let listNpub = try await npub(ofEventJSON: signed[0])
        let profileNpub = try await npub(ofEventJSON: signed[1])
        let paths = ["/share/d/\(listNpub)", "/share/n/x@\(nameTarget.hostAndPort)", "/share/d/\(profileNpub)"]

        let guarded = try await serve(manifest: manifest, relay: relay.url, extra: [], paths: paths)
        for path in paths { #expect(guarded[path]?.status == 200, "\(path) still answers") }
        #expect(guarded[paths[2]]?.body.contains("Named Driver") == true, "the profile itself is shown")
        #expect(guarded[paths[2]]?.body.contains("bob@") == false, "an address that could not be checked is not shown")
        try await Task.sleep(for: .seconds(1))
        #expect(relayListTargets.map(\.connectionCount) == [0, 0], "a published relay list reached no internal listener")
        #expect(nameTarget.connectionCount == 0, "a NIP-05 name in a share URL reached no internal listener")
        #expect(profileNIP05Target.connectionCount == 0, "a profile's nip05 reached no internal listener")

        let open = try await serve(manifest: manifest, relay: relay.url, extra: ["--allow-private-outbound"], paths: paths)
        for path in paths { #expect(open[path]?.status == 200) }
        #expect(try await connections(to: relayListTargets, waitingUpTo: 5) >= 2, "with the switch, both write relays are asked")
        let request = String(decoding: relayListTargets[0].receivedBytes.first ?? Data(), as: UTF8.self)
        #expect(request.hasPrefix("GET /internal/admin?action=flush HTTP/1.1"), "what the guard keeps from the internal service")
        #expect(try await connections(to: [nameTarget], waitingUpTo: 5) >= 1)
        #expect(try await connections(to: [profileNIP05Target], waitingUpTo: 5) >= 1)
    }

    @Test("--nip05 off makes no NIP-05 request at all; the help names every outbound switch")
    func nip05Off() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let folder = try TemporaryDirectory(prefix: "clipkit-serve-nip05-off")
        let manifest = try manifest(in: folder)
        let target = try ConnectionCountingListener(address: "127.0.0.2")
        defer { target.stop() }
        let pages = try await serve(
            manifest: manifest, relay: relay.url, extra: ["--nip05", "off", "--allow-private-outbound"], paths: ["/share/n/x@\(target.hostAndPort)"]
        )
        #expect(pages.values.first?.status == 200)
        try await Task.sleep(for: .seconds(1))
        #expect(target.connectionCount == 0, "even with private addresses allowed, --nip05 off asks no domain")

        let help = try await ChildProcess.clipkit(["serve", "--help"])
        for option in ["--allow-private-outbound", "--nip05", "--write-relays"] {
            #expect(help.standardOutput.contains(option), "serve --help names \(option)")
        }
        let bad = try await ChildProcess.clipkit(["serve", "--manifest", manifest, "--nip05", "maybe"])
        #expect(bad.status == 2)
    }

    func npub(ofEventJSON json: String) async throws -> String {
        let pubkey = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["pubkey"] as? String)
        return try await ChildProcess.clipkit(["nip19", "encode", pubkey]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

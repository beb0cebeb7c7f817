@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// `clipkit handoff offer|claim|peek --container DIR`, driven as a separate process.
@Suite struct HandoffCommandTests {
    static let npub = "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"
    let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json").path
    let container: TemporaryDirectory

    init() throws {
        container = try TemporaryDirectory(prefix: "clipkit-cli-handoff")
    }

    private func clipkit(_ arguments: [String], standardInput: Data? = nil) async throws -> CommandResult {
        try await ChildProcess.clipkit(arguments, currentDirectory: container.url, standardInput: standardInput)
    }

    private var entryFile: URL {
        AppGroupContainer.sharedDefaultsDirectory(inContainerAt: container.url).appendingPathComponent(HandoffStore.defaultKey)
    }

    private static func date(_ text: Any?) -> Date? {
        (text as? String).flatMap { try? Date($0, strategy: Date.ISO8601FormatStyle()) }
    }

    @Test func offerPeekClaimThenNothing() async throws {
        let payload = #"{"starterPackUri":"https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a"}"#
        let offered = try await clipkit(["handoff", "offer", "--container", container.url.path, "--payload", payload, "--manifest", bluesky, "--json"])
        #expect(offered.status == 0, "\(offered.standardError)")
        let offer = try offered.json()
        #expect(offer["offered"] as? Bool == true)
        #expect(offer["type"] as? String == "bluesky.starterPack")
        let created = try #require(Self.date(offer["createdAt"]))
        let expires = try #require(Self.date(offer["expiresAt"]))
        #expect(expires.timeIntervalSince(created) == 604_800)  // handoff.ttlSeconds of the Bluesky manifest

        let peeked = try await clipkit(["handoff", "peek", "--container", container.url.path, "--json"])
        #expect(peeked.status == 0)
        #expect(try peeked.json()["found"] as? Bool == true)
        #expect((try peeked.json()["payload"] as? [String: String])?["starterPackUri"] == "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a")

        let claimed = try await clipkit(["handoff", "claim", "--container", container.url.path, "--json"])
        #expect(claimed.status == 0)
        let claim = try claimed.json()
        #expect(claim["claimed"] as? Bool == true)
        #expect(claim["type"] as? String == "bluesky.starterPack")
        #expect((claim["payload"] as? [String: String])?["starterPackUri"] == "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a")
        #expect(claimed.standardOutput.split(separator: "\n").count == 1)

        for command in ["claim", "peek"] {
            let nothing = try await clipkit(["handoff", command, "--container", container.url.path, "--json"])
            #expect(nothing.status == 1)
            let json = try nothing.json()
            #expect(json["code"] as? String == "empty")
            #expect((json["reason"] as? String)?.contains("nothing to claim") == true)
            #expect(json["payload"] == nil)
            #expect(nothing.standardError.split(separator: "\n").count == 1)
        }
    }

    /// Offers `{"ticket":"A12"}` as `com.example.ticket`, then claims it twice: the payload comes back once.
    private func offerAndClaimATicket(_ extra: [String]) async throws -> [String: Any] {
        let offered = try await clipkit(
            ["handoff", "offer", "--container", container.url.path, "--type", "com.example.ticket", "--payload", #"{"ticket":"A12"}"#] + extra + ["--json"]
        )
        #expect(offered.status == 0, "\(offered.standardError)")
        let offer = try offered.json()
        #expect(offer["type"] as? String == "com.example.ticket")
        let claimed = try await clipkit(["handoff", "claim", "--container", container.url.path, "--json"])
        #expect(claimed.status == 0, "\(claimed.standardError)")
        #expect(try claimed.json()["type"] as? String == "com.example.ticket")
        #expect((try claimed.json()["payload"] as? [String: String]) == ["ticket": "A12"])
        let again = try await clipkit(["handoff", "claim", "--container", container.url.path, "--json"])
        #expect(again.status == 1)
        #expect(try again.json()["code"] as? String == "empty")
        return offer
    }

    @Test func withoutAManifestAnyTypeAndAnyObjectIsHandedOffOnce() async throws {
        let offer = try await offerAndClaimATicket([])
        let created = try #require(Self.date(offer["createdAt"]))
        let expires = try #require(Self.date(offer["expiresAt"]))
        #expect(expires.timeIntervalSince(created) == 604_800, "seven days without a manifest")
    }

    @Test func withAManifestThatListsTheTypeItIsHandedOffOnceAndAnUnlistedTypeIsRefused() async throws {
        let manifest = container.file("clipkit.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))) as? [String: Any])
        json.removeValue(forKey: "$schema")
        json["routes"] = (json["routes"] as? [[String: Any]])?.map { route in route.filter { $0.key != "handoff" } }
        json["handoff"] = ["ttlSeconds": 3600, "types": [["name": "com.example.ticket", "required": ["ticket"], "optional": ["seat"]]]]
        try JSONSerialization.data(withJSONObject: json).write(to: manifest)

        let offer = try await offerAndClaimATicket(["--manifest", manifest.path])
        let created = try #require(Self.date(offer["createdAt"]))
        let expires = try #require(Self.date(offer["expiresAt"]))
        #expect(expires.timeIntervalSince(created) == 3600, "the manifest's handoff.ttlSeconds")

        // ./clipkit.json is the manifest when --manifest is left out; the type is found from the payload.
        let found = try await clipkit(["handoff", "offer", "--container", container.url.path, "--payload", #"{"ticket":"B7","seat":"4C"}"#, "--json"])
        #expect(found.status == 0, "\(found.standardError)")
        #expect(try found.json()["type"] as? String == "com.example.ticket")
        let defaults = try DirectorySharedDefaults(directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: container.url))
        struct SeatedTicket: HandoffPayload, Equatable { static let handoffTypeName = "com.example.ticket"; var ticket: String; var seat: String }
        #expect(try HandoffStore(defaults: defaults, lifetime: 3600).claim(SeatedTicket.self) == SeatedTicket(ticket: "B7", seat: "4C"))

        for (arguments, text, status) in [
            (["--type", "com.example.coupon", "--payload", #"{"ticket":"A12"}"#], "not a handoff type of this manifest", Int32(2)),
            (["--type", "com.example.ticket", "--payload", #"{"seat":"4C"}"#], "needs 'ticket'", 1),
            (["--type", "com.example.ticket", "--payload", #"{"ticket":"A12","gate":3}"#], "no member 'gate'", 1),
            (["--payload", #"{"coupon":"TEA"}"#], "fits none of the handoff types", 2),
        ] {
            let refused = try await clipkit(["handoff", "offer", "--container", container.url.path] + arguments + ["--json"])
            #expect(refused.status == status, "\(arguments)")
            #expect(refused.standardError.contains(text), "\(arguments): \(refused.standardError)")
            #expect(refused.standardError.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: entryFile.path))
        }
    }

    @Test func aDriverOfferWithAnExplicitLifetimeUnderRoadFlaresManifest() async throws {
        let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path
        let payload = #"{"npub":"\#(Self.npub)","displayName":"Alice","profileCreatedAt":1700000000}"#
        let offered = try await clipkit(["handoff", "offer", "--container", container.url.path, "--payload", payload, "--manifest", roadflare, "--ttl", "120", "--json"])
        #expect(offered.status == 0, "\(offered.standardError)")
        let offer = try offered.json()
        #expect(offer["type"] as? String == "clipkit.driver", "the one type RoadFlare's manifest lists")
        let created = try #require(Self.date(offer["createdAt"]))
        let expires = try #require(Self.date(offer["expiresAt"]))
        #expect(expires.timeIntervalSince(created) == 120)

        // The app side, through the library: the same entry.
        let defaults = try DirectorySharedDefaults(directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: container.url))
        let store = try HandoffStore(defaults: defaults, lifetime: 120)
        #expect(store.claimEnvelope()?.payload == .object([
            "npub": .string(Self.npub), "displayName": .string("Alice"), "profileCreatedAt": .number(1_700_000_000),
        ]))
    }

    @Test func aPayloadCanComeFromStandardInputUnderACustomType() async throws {
        let offered = try await clipkit(
            ["handoff", "offer", "--container", container.url.path, "--payload", "-", "--type", "shop.cart", "--ttl", "60", "--json"],
            standardInput: Data(#"{"items":["tea"]}"#.utf8)
        )
        #expect(offered.status == 0, "\(offered.standardError)")
        let claimed = try await clipkit(["handoff", "claim", "--container", container.url.path, "--json"])
        #expect(try claimed.json()["type"] as? String == "shop.cart")
        #expect((try claimed.json()["payload"] as? [String: [String]]) == ["items": ["tea"]])
    }

    @Test(arguments: [
        (["--payload", "{not json", "--ttl", "60"], "--payload: not JSON"),
        (["--payload", #"{"x":1}"#, "--ttl", "60"], "--type: name the payload's type"),
        (["--payload", #"{"x":1}"#, "--type", "bad type", "--ttl", "60"], "--type"),
        (["--payload", #"{"starterPackUri":"https://go.bsky.app/x"}"#, "--type", "com.example.link", "--ttl", "0"], "--ttl"),
        (["--payload", #"{"starterPackUri":"https://go.bsky.app/x"}"#, "--manifest", "missing.json"], "missing.json"),
    ])
    func badOffersExitTwoWithOneLine(_ arguments: [String], mentioning text: String) async throws {
        let result = try await clipkit(["handoff", "offer", "--container", container.url.path] + arguments + ["--json"])
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains(text), "\(result.standardError)")
        #expect((try result.json()["error"] as? [String: Any])?["message"] is String)
        #expect(!FileManager.default.fileExists(atPath: entryFile.path))
    }

    /// The manifest's handoff type refuses a well-formed payload: exit 1, naming the member and its kind.
    @Test(arguments: [
        ("Tests/Fixtures/ticketing/clipkit.json", "com.acme.event", #"{"eventID":"x"}"#, "member 'eventID'", "kind integer"),
        ("Tests/Fixtures/ticketing/clipkit.json", "com.acme.event", #"{"eventID":42,"ticketID":"x"}"#, "member 'ticketID'", "kind uuid"),
        ("Examples/coffee-shop/clipkit.json", "com.example.coffee.order", #"{"store":"soho","table":"12"}"#, "member 'table'", "kind integer"),
        ("Examples/roadflare/clipkit.json", "clipkit.driver", #"{"displayName":"Alice"}"#, "needs 'npub'", "handoff.types"),
    ])
    func aPayloadTheTypeRefusesExitsOneNamingTheMemberAndTheKind(
        _ manifest: String, _ type: String, _ payload: String, _ member: String, _ kind: String
    ) async throws {
        let result = try await clipkit([
            "handoff", "offer", "--container", container.url.path, "--manifest", TestEnvironment.file(manifest).path,
            "--type", type, "--payload", payload, "--json",
        ])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains(member) && result.standardError.contains(kind), "\(result.standardError)")
        let refusal = try result.json()
        #expect(refusal["offered"] as? Bool == false)
        #expect((refusal["reason"] as? String)?.contains(member) == true)
        #expect(!FileManager.default.fileExists(atPath: entryFile.path))

        let typed = try await clipkit([
            "handoff", "offer", "--container", container.url.path, "--manifest", TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json").path,
            "--type", "com.acme.event", "--payload", #"{"eventID":42,"ticketID":"0f8d2c5a-3b7e-4e21-9c4d-5a6b7c8d9e0f"}"#, "--json",
        ])
        #expect(typed.status == 0, "the same type takes members of their kinds: \(typed.standardError)")
    }

    /// `handoff offer` works the App Group's container: a type the manifest marks secret is refused
    /// there as bad input (exit 2, like a type the manifest does not list), naming the type and the
    /// keychain handoff, and nothing is written.
    @Test func aSecretTypeIsRefusedInTheAppGroup() async throws {
        let result = try await clipkit([
            "handoff", "offer", "--container", container.url.path, "--manifest", TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json").path,
            "--type", "com.acme.session", "--payload", #"{"token":"s3cr3t"}"#, "--json",
        ])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("--type:") && result.standardError.contains("'com.acme.session' is a secret handoff type"), "\(result.standardError)")
        #expect(result.standardError.contains("keychain"))
        #expect((try result.json()["error"] as? [String: Any])?["message"] is String)
        #expect(!FileManager.default.fileExists(atPath: entryFile.path))
    }

    @Test func anExpiredEntryIsDiscardedWithItsReason() async throws {
        try FileManager.default.createDirectory(at: entryFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let expired = #"{"createdAt":1600000000,"expiresAt":1600003600,"payload":{"npub":"\#(Self.npub)"},"schema":1,"type":"roadflare.driver"}"#
        try Data(expired.utf8).write(to: entryFile)
        let result = try await clipkit(["handoff", "claim", "--container", container.url.path, "--json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["claimed"] as? Bool == false)
        #expect(json["code"] as? String == "expired")
        #expect((json["reason"] as? String)?.contains("1600003600") == true)
        #expect(!FileManager.default.fileExists(atPath: entryFile.path))
    }

    @Test func aCorruptEntryIsDiscardedByPeek() async throws {
        try FileManager.default.createDirectory(at: entryFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"createdAt":1600000000,"expiresAt":16"#.utf8).write(to: entryFile)
        let result = try await clipkit(["handoff", "peek", "--container", container.url.path, "--json"])
        #expect(result.status == 1)
        #expect(try result.json()["code"] as? String == "truncated")
        #expect(!FileManager.default.fileExists(atPath: entryFile.path))
    }

    @Test func aContainerThatIsAFileExitsTwo() async throws {
        let file = container.file("plain-file")
        try Data().write(to: file)
        let result = try await clipkit(["handoff", "claim", "--container", file.path, "--json"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--container \(file.path)"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    static let offerArguments = ["--payload", #"{"starterPackUri":"https://go.bsky.app/x"}"#, "--type", "com.example.link", "--ttl", "60"]

    @Test(arguments: [["peek"], ["claim"], ["offer"] + offerArguments])
    func aMistypedContainerIsBadInputAndCreatesNothing(_ command: [String]) async throws {
        let result = try await clipkit(["handoff"] + command + ["--container", "typo/a/b", "--json"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("--container typo/a/b: no such folder"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect((try result.json()["error"] as? [String: Any])?["message"] is String)
        #expect(!FileManager.default.fileExists(atPath: container.file("typo").path))
    }

    @Test(arguments: [["peek"], ["claim"], ["offer"] + offerArguments])
    func aDanglingSymbolicLinkContainerSaysWhereItPoints(_ command: [String]) async throws {
        let link = container.file("group")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: container.file("gone").path)
        let result = try await clipkit(["handoff"] + command + ["--container", link.path, "--json"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("a symbolic link to \(container.file("gone").path), which does not exist"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: container.file("gone").path))
    }

    @Test(arguments: ["peek", "claim"])
    func readingAnUntouchedContainerFindsNothingAndCreatesNothing(_ command: String) async throws {
        let result = try await clipkit(["handoff", command, "--container", container.url.path, "--json"])
        #expect(result.status == 1)
        #expect(try result.json()["code"] as? String == "empty")
        #expect(try FileManager.default.contentsOfDirectory(atPath: container.url.path).isEmpty)
    }

    @Test func twoClipkitProcessesClaimingAtOnceShareEachOfferExactlyOnce() async throws {
        let defaults = try DirectorySharedDefaults(
            directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: container.url), synchronizesWrites: false
        )
        let store = try HandoffStore(defaults: defaults, lifetime: 600)
        let executable = try TestEnvironment.clipkitExecutable()
        let arguments = ["handoff", "claim", "--container", container.url.path, "--json"]
        for round in 0..<25 {
            try store.offer(json: .object(["npub": .string(Self.npub), "displayName": .string("round \(round)")]), typeName: "clipkit.driver")
            let first = try ChildProcess(executable, arguments: arguments)
            let second = try ChildProcess(executable, arguments: arguments)
            let statuses = [await first.waitForExit(timeout: 30), await second.waitForExit(timeout: 30)]
            #expect(statuses.sorted { ($0 ?? -1) < ($1 ?? -1) } == [0, 1], "round \(round): \(statuses)")
            let winner = statuses[0] == 0 ? first : second
            let loser = statuses[0] == 0 ? second : first
            let won = try #require(try JSONSerialization.jsonObject(with: Data(winner.standardOutput.utf8)) as? [String: Any])
            #expect((won["payload"] as? [String: String])?["displayName"] == "round \(round)")
            let lost = try #require(try JSONSerialization.jsonObject(with: Data(loser.standardOutput.utf8)) as? [String: Any])
            #expect(lost["code"] as? String == "empty")
        }
    }
}

@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

@Suite struct ManifestLoaderTests {
    @Test func loadsTheBlueskyExample() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        #expect(manifest.teamID == "B3LX46C5HS")
        #expect(manifest.clipIdentifier == "B3LX46C5HS.xyz.blueskyweb.app.AppClip")
        #expect(manifest.appIdentifier == "B3LX46C5HS.xyz.blueskyweb.app")
        #expect(manifest.routes.map(\.name) == ["starterPack", "starterPackShortLink"])
        #expect(manifest.routes[0].patterns.count == 2)
        #expect(manifest.handoff.webBridgeKeys == ["starterPackUri"])
        #expect(manifest.clip.invocations == [.digital])
        #expect(manifest.nostr == nil)
    }

    @Test func jsonValueRoundTrips() throws {
        // The RoadFlare example names the `npub` kind, which ClipNostr registers; any checker will do here.
        let loader = ManifestLoader(parameterKinds: .standard.registering(ParameterKind(name: "npub") { .accepted($0) }))
        for example in ["Examples/bluesky/clipkit.json", "Examples/roadflare/clipkit.json", "Examples/coffee-shop/clipkit.json"] {
            let original = try loader.load(contentsOf: TestEnvironment.file(example))
            let written = original.jsonValue
            #expect(try loader.load(data: written.serialized()) == original, "\(example)")
            // Optional members that are not set stay out; one pattern is written as `pattern`.
            let name: JSONValue? = original.app.name.map { .string($0) }
            #expect(written["app"]?["name"] == name, "\(example)")
            let nostr: JSONValue? = original.nostr.map { .object(["relays": .array($0.relays.map { .string($0) })]) }
            #expect(written["nostr"] == nostr, "\(example)")
            for (route, json) in zip(original.routes, written["routes"]?.arrayValue ?? []) {
                #expect((json["pattern"] != nil) == (route.patterns.count == 1), "\(example): \(route.name)")
                #expect((json["patterns"] != nil) == (route.patterns.count > 1), "\(example): \(route.name)")
                #expect((json["params"] != nil) == !route.params.isEmpty, "\(example): \(route.name)")
            }
        }
    }

    @Test func theCoffeeShopExampleListsItsTypeAndItsClipsRequests() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/coffee-shop/clipkit.json"))
        // The members take the kinds of the table and store routes' captures, which hand the type off.
        let order = ClipManifest.HandoffType(
            name: "com.example.coffee.order", requiredMembers: ["store"], optionalMembers: ["table"], memberKinds: ["store": "slug", "table": "integer"]
        )
        #expect(manifest.handoff.types == [order])
        #expect(manifest.handoffType(named: "com.example.coffee.order") == order)
        #expect(manifest.handoffType(named: "com.example.other") == nil)
        #expect(manifest.routes.map(\.handoffType) == ["com.example.coffee.order", "com.example.coffee.order", nil])
        #expect(manifest.clip.invocations == [.physical, .digital])
        #expect(manifest.clip.requestsLocationConfirmation)
        #expect(manifest.clip.requestsEphemeralNotifications)
        let bluesky = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        #expect(!bluesky.clip.requestsLocationConfirmation && !bluesky.clip.requestsEphemeralNotifications, "both are off unless set")
    }

    @Test func aHandoffTypeChecksAPayloadAsFarAsTheManifestSays() {
        let open = ClipManifest.HandoffType(name: "com.example.ticket", requiredMembers: ["ticket"])
        let closed = ClipManifest.HandoffType(name: "com.example.ticket", requiredMembers: ["ticket"], optionalMembers: ["seat"])
        let ticket: JSONValue = .object(["ticket": .string("A12")])
        let seated: JSONValue = .object(["ticket": .string("A12"), "seat": .string("4C")])
        let extra: JSONValue = .object(["ticket": .string("A12"), "gate": .number(3)])
        #expect(open.problem(with: ticket) == nil)
        #expect(open.problem(with: extra) == nil, "without an optional list, other members are allowed")
        #expect(closed.problem(with: seated) == nil)
        #expect(closed.problem(with: extra)?.contains("'gate'") == true)
        #expect(open.problem(with: .object(["seat": .string("4C")]))?.contains("'ticket'") == true)
        #expect(open.problem(with: .object(["ticket": .null]))?.contains("'ticket'") == true, "null is not a value")
        #expect(open.problem(with: .array([ticket]))?.contains("JSON object") == true)
        #expect(ClipManifest.HandoffType(name: "any").problem(with: .object([:])) == nil)
    }

    @Test func aMemberOfTheWrongKindIsNamedWithItsKind() throws {
        let event = ClipManifest.HandoffType(
            name: "com.acme.event", requiredMembers: ["eventID"], optionalMembers: ["ticketID", "seats", "vip", "venue"],
            memberKinds: ["eventID": "integer", "ticketID": "uuid", "seats": "number", "vip": "boolean", "venue": "slug"]
        )
        let valid: JSONValue = .object([
            "eventID": .number(42), "ticketID": .string("0F8D2C5A-3B7E-4E21-9C4D-5A6B7C8D9E0F"), "seats": .number(2.5), "vip": .bool(true),
            "venue": .string("hall-7"),
        ])
        #expect(event.problem(with: valid) == nil)
        #expect(event.problem(with: .object(["eventID": .number(1), "venue": .null])) == nil, "an optional member may be null")
        for (member, value, kind) in [
            ("eventID", JSONValue.string("42"), "integer"), ("eventID", .number(4.5), "integer"), ("eventID", .number(1e300), "integer"),
            ("ticketID", .string("x"), "uuid"), ("ticketID", .number(1), "uuid"), ("seats", .string("2"), "number"),
            ("vip", .string("yes"), "boolean"), ("venue", .string("hall 7"), "slug"),
        ] {
            var members = valid.objectValue ?? [:]
            members[member] = value
            let problem = event.problem(with: .object(members))
            #expect(problem?.hasPrefix("member '\(member)' of a 'com.acme.event' payload is of kind \(kind)") == true, "\(member) \(value): \(problem ?? "nil")")
        }
        // A kind the checker does not know (the app's own) checks only that the member is a string.
        let own = ClipManifest.HandoffType(name: "t", requiredMembers: ["code"], memberKinds: ["code": "ticket"])
        #expect(own.problem(with: .object(["code": .string("anything")])) == nil)
        #expect(own.problem(with: .object(["code": .number(1)]))?.contains("not a string") == true)
    }

    @Test func theRuntimeReadFromAFileAppliesTheSameChecks() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-reader-kinds")
        let runtime = try ClipRuntime(manifestAt: TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json"), containerDirectory: folder.url)
        let match = try runtime.router.route("https://tickets.acme.com/v/hall-7/e/42/t/0F8D2C5A-3B7E-4E21-9C4D-5A6B7C8D9E0F").get()
        #expect(match.parametersJSON == .object([
            "venue": .string("hall-7"), "eventID": .number(42), "ticketID": .string("0f8d2c5a-3b7e-4e21-9c4d-5a6b7c8d9e0f"),
        ]))
        try runtime.handoffs.offer(json: match.parametersJSON, typeName: "com.acme.event")
        #expect(throws: HandoffError.payloadDoesNotFitType(
            typeName: "com.acme.event",
            reason: #"member 'eventID' of a 'com.acme.event' payload is of kind integer (handoff.types in clipkit.json); found a string, not a whole JSON number"#
        )) {
            try runtime.handoffs.offer(json: .object(["eventID": .string("x")]), typeName: "com.acme.event")
        }
    }

    @Test func aPayloadsTypeIsFoundAmongTheTypesItFits() throws {
        var manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/coffee-shop/clipkit.json"))
        #expect(manifest.handoffTypes(fitting: .object(["store": .string("soho")])).map(\.name) == ["com.example.coffee.order"])
        #expect(manifest.handoffTypes(fitting: .object(["ticket": .string("A12")])).isEmpty)
        manifest.handoff.types.append(ClipManifest.HandoffType(name: "com.example.visit", requiredMembers: ["store"]))
        #expect(manifest.handoffTypes(fitting: .object(["store": .string("soho")])).map(\.name) == ["com.example.coffee.order", "com.example.visit"])
    }

    @Test func everyMemberReachesTheModel() throws {
        let json = Data("""
        {"$schema":"https://example.com/s.json","teamID":"ABCDE12345",
         "app":{"bundleID":"com.example.App","appStoreID":"42","name":"Example"},
         "clip":{"bundleID":"com.example.App.Clip","minimumIOS":"17.0","invocations":["physical","digital"],
                 "requestsLocationConfirmation":true,"requestsEphemeralNotifications":true},
         "appGroup":"group.com.example","domains":["example.com","www.example.com"],
         "routes":[{"name":"page","patterns":["https://example.com/p/{slug}","https://www.example.com/p/{slug}"],"handledBy":"app",
                    "params":{"slug":"slug"},"webContentQuery":{"embedded":"1"},"handoff":"com.example.page"},
                   {"name":"home","pattern":"https://example.com/","handledBy":"clip"}],
         "handoff":{"ttlSeconds":3600,"webBridgeKeys":["starterPackUri"],
                    "types":[{"name":"com.example.page","required":["slug"],"optional":["embedded","views"],"kinds":{"views":"integer"}},{"name":"com.example.home"}]},
         "nostr":{"relays":["wss://relay.example.com"]}}
        """.utf8)
        let expected = ClipManifest(
            teamID: "ABCDE12345", app: .init(bundleID: "com.example.App", appStoreID: "42", name: "Example"),
            clip: .init(bundleID: "com.example.App.Clip", minimumIOS: "17.0", invocations: [.physical, .digital],
                        requestsLocationConfirmation: true, requestsEphemeralNotifications: true),
            appGroup: "group.com.example", domains: ["example.com", "www.example.com"],
            routes: [
                .init(name: "page", patterns: ["https://example.com/p/{slug}", "https://www.example.com/p/{slug}"], handledBy: .app,
                      params: ["slug": "slug"], webContentQuery: ["embedded": "1"], handoffType: "com.example.page"),
                .init(name: "home", patterns: ["https://example.com/"], handledBy: .clip),
            ],
            handoff: .init(ttlSeconds: 3600, webBridgeKeys: ["starterPackUri"], types: [
                .init(name: "com.example.page", requiredMembers: ["slug"], optionalMembers: ["embedded", "views"], memberKinds: ["slug": "slug", "views": "integer"]),
                .init(name: "com.example.home"),
            ]),
            nostr: .init(relays: ["wss://relay.example.com"])
        )
        #expect(try ManifestLoader().load(data: json) == expected)
    }

    @Test func headerImagesOfClipRoutesAndPlacesReachTheModel() throws {
        let json = Data("""
        {"teamID":"ABCDE12345","app":{"bundleID":"com.example.App","appStoreID":"42"},
         "clip":{"bundleID":"com.example.App.Clip","minimumIOS":"17.0","invocations":["physical"]},
         "appGroup":"group.com.example","domains":["example.com"],
         "routes":[{"name":"home","pattern":"https://example.com/h/{slug}","handledBy":"clip","headerImage":"cards/home.png"}],
         "handoff":{"ttlSeconds":3600},
         "places":[{"name":"Stand","url":"https://example.com/h/stand","latitude":1.5,"longitude":2.5,"mapAction":"BUY_TICKETS",
                    "headerImage":"cards/Stand.JPEG"}]}
        """.utf8)
        let manifest = try ManifestLoader().load(data: json)
        #expect(manifest.routes.first?.headerImage == "cards/home.png")
        #expect(manifest.places.first?.headerImage == "cards/Stand.JPEG")
    }

    @Test func everyDuplicateMemberIsReportedWithItsPath() {
        let json = Data("""
        {"teamID":"ABCDE12345","app":{"bundleID":"com.example.App","appStoreID":"42"},
         "clip":{"bundleID":"com.example.App.Clip","minimumIOS":"17.0","invocations":["digital"]},
         "appGroup":"group.com.example","domains":["example.com"],
         "routes":[{"name":"a","pattern":"https://example.com/a","handledBy":"clip","name":"b",
                    "params":{"odd key":"string","odd key":"string"}}],
         "handoff":{"ttlSeconds":3600},"teamID":"ABCDE12345"}
        """.utf8)
        #expect {
            try ManifestLoader().load(data: json)
        } throws: { error in
            let issues = (error as? ManifestError)?.issues ?? []
            return issues.map(\.path).prefix(3) == ["$.routes[0].name", "$.routes[0].params[\"odd key\"]", "$.teamID"]
                && issues.prefix(3).allSatisfy { $0.message.contains("more than once") }
        }
    }

    @Test func notJSONNamesTheFile() {
        #expect {
            try ManifestLoader().load(data: Data("{ teamID: ".utf8), source: "broken.json")
        } throws: { error in
            guard case ManifestError.notJSON(let file, _) = error else { return false }
            return file == "broken.json" && (error as? ManifestError)?.issues.first?.path == "$"
        }
    }

    @Test func oversizedManifestIsRefusedBeforeParsing() {
        let data = Data(repeating: UInt8(ascii: " "), count: ManifestLoader.maximumBytes + 1)
        #expect {
            try ManifestLoader().load(data: data)
        } throws: { error in
            if case ManifestError.tooLarge = error { return true }
            return false
        }
    }

    @Test func aHugeFileIsRefusedByItsSizeInWordsWithoutBeingRead() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-manifest-huge")
        let file = folder.file("clipkit.json")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)  // sparse: nothing is written
        try handle.close()
        #expect {
            try ManifestLoader().load(contentsOf: file)
        } throws: { error in
            guard case ManifestError.tooLarge(_, let bytes, _) = error else { return false }
            let text = (error as? ManifestError)?.description ?? ""
            return bytes == 1 << 30 && text.contains("1 GiB") && text.contains("256 KiB")
        }
    }

    @Test func aDeviceIsNotAManifestAndSaysSo() {
        // Only read: /dev/null is never a target of a write here.
        #expect {
            try ManifestLoader().load(contentsOf: URL(fileURLWithPath: "/dev/null"))
        } throws: { error in
            guard case ManifestError.unreadable(let file, let reason) = error else { return false }
            return file == "/dev/null" && reason.contains("not a regular file") && reason.contains("character device")
        }
    }

    @Test func missingFileIsUnreadable() {
        #expect {
            try ManifestLoader().load(contentsOf: URL(fileURLWithPath: "/nonexistent/clipkit.json"))
        } throws: { error in
            if case ManifestError.unreadable(let file, _) = error { return file == "/nonexistent/clipkit.json" }
            return false
        }
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let document = try JSONValue(parsing: Data("""
        {"teamID": 42, "app": [], "clip": {"bundleID": "x", "minimumIOS": "16", "invocations": ["digital"], "extra": 1},
         "appGroup": "group.", "domains": ["a"], "routes": "none", "handoff": {"ttlSeconds": 60}}
        """.utf8))
        let paths = ManifestValidator().issues(in: document).map(\.path)
        #expect(paths == ["$.teamID", "$.app", "$.clip.extra", "$.clip.bundleID", "$.appGroup", "$.domains[0]", "$.routes"])
    }

    @Test func registeredKindsAreAcceptedAndOthersNamed() throws {
        let json = Data("""
        {"teamID":"ABCDE12345","app":{"bundleID":"com.example.App","appStoreID":"42"},
         "clip":{"bundleID":"com.example.App.Clip","minimumIOS":"17.0","invocations":["digital"]},
         "appGroup":"group.com.example","domains":["example.com"],
         "routes":[{"name":"ticket","pattern":"https://example.com/t/{code}","handledBy":"clip","params":{"code":"ticket"}}],
         "handoff":{"ttlSeconds":3600}}
        """.utf8)
        #expect {
            try ManifestLoader().load(data: json)
        } throws: { error in
            (error as? ManifestError)?.issues.map(\.path) == ["$.routes[0].params.code"]
        }
        let ticket = ParameterKind(name: "ticket") { $0.count == 8 ? .accepted($0) : .rejected("a ticket has 8 characters") }
        let manifest = try ManifestLoader(parameterKinds: .standard.registering(ticket)).load(data: json)
        let router = try InvocationRouter(manifest: manifest, parameterKinds: .standard.registering(ticket))
        #expect(try router.route("https://example.com/t/ABCD1234").get().parameters == ["code": "ABCD1234"])
        guard case .failure(.parameterRejected(route: "ticket", parameter: "code", kind: "ticket", reason: "a ticket has 8 characters")) =
            router.route("https://example.com/t/short") else {
            Issue.record("a short ticket must be rejected with the kind's reason")
            return
        }
    }

    /// Seeded random mutations of a valid manifest: the loader must answer every one with a
    /// manifest or a typed error, never crash, and every reported issue has a path and a message.
    @Test func fuzzedManifestsNeverCrashTheLoader() throws {
        let original = try Data(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        var generator = SeededGenerator(seed: 0xC11B_C11B)
        let alphabet = Array("{}[]\":,0123456789abcdefghijklmnopqrstuvwxyz.-_/\\ \u{0}\u{7F}é😀".utf8)
        for _ in 0..<3000 {
            var bytes = [UInt8](original)
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                guard !bytes.isEmpty else { break }
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[index] = alphabet.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                case 2: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: index)
                default: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...40, using: &generator)))
                }
            }
            do {
                _ = try ManifestLoader().load(data: Data(bytes))
            } catch {
                let error = try #require(error as? ManifestError)
                #expect(!error.issues.isEmpty)
                #expect(error.issues.allSatisfy { $0.path.hasPrefix("$") && !$0.message.isEmpty })
            }
        }
    }
}

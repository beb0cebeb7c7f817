import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

@_spi(ClipKitTooling) @testable import ClipKitGeneration

/// The payload types and route identifiers the generator writes from `handoff.types` and the routes.
@Suite struct GeneratedPayloadTypeTests {
    func source(of manifest: String, configuration: GenerationConfiguration = GenerationConfiguration()) throws -> String {
        try ManifestCompiler(configuration: configuration).compile(manifestAt: TestEnvironment.file(manifest))
    }

    @Test("a handoff type becomes a Swift type whose members have their kinds' types")
    func ticketing() throws {
        let source = try source(of: "Tests/Fixtures/ticketing/clipkit.json")
        #expect(source.contains("internal struct EventHandoff: HandoffPayload, Hashable {"))
        #expect(source.contains(#"internal static let handoffTypeName = "com.acme.event""#))
        for member in ["var eventID: Int\n", "var venue: String?\n", "var ticketID: UUID?\n", "var seats: Double?\n"] {
            #expect(source.contains(member), "\(member)")
        }
        #expect(source.contains("internal init(eventID: Int, venue: String? = nil, ticketID: UUID? = nil, seats: Double? = nil) {"))
        for route in ["event", "ticket", "account"] {
            #expect(source.contains(#"internal static let \#(route) = RouteName("\#(route)")"#))
        }
        // The manifest value carries the kinds, the declared one and those the captures give.
        #expect(source.contains(#"memberKinds: ["eventID": "integer", "seats": "number", "ticketID": "uuid", "venue": "slug"]"#))
    }

    @Test("the name comes from the type name's last part, or from the plugin configuration")
    func names() throws {
        #expect(SourceGenerator.derivedName(of: "com.acme.event") == "EventHandoff")
        #expect(SourceGenerator.derivedName(of: "com.acme.ticket-sale_v2") == "TicketSaleV2Handoff")
        #expect(SourceGenerator.derivedName(of: "com.acme.2") == nil)
        let renamed = try source(of: "Examples/coffee-shop/clipkit.json", configuration: GenerationConfiguration(payloadTypeNames: ["com.example.coffee.order": "CoffeeOrder"]))
        #expect(renamed.contains("internal struct CoffeeOrder: HandoffPayload, Hashable {"))
        #expect(renamed.contains("internal var store: String\n") && renamed.contains("internal var table: Int?\n"))
        #expect(try source(of: "Examples/coffee-shop/clipkit.json").contains("internal struct OrderHandoff: HandoffPayload, Hashable {"))
    }

    /// The museum's manifest: one route, one handoff type given by `types`.
    static func museum(types: String) -> String {
        #"""
        {
          "teamID": "ABCDE12345",
          "app": { "bundleID": "com.museum.App", "appStoreID": "123" },
          "clip": { "bundleID": "com.museum.App.Clip", "minimumIOS": "16.0", "invocations": ["physical"] },
          "appGroup": "group.com.museum.App",
          "domains": ["museum.example"],
          "routes": [{ "name": "exhibit", "pattern": "https://museum.example/x/{id}", "handledBy": "clip", "params": { "id": "integer" } }],
          "handoff": { "ttlSeconds": 3600, "types": [
        """# + types + "\n]}}"
    }

    @Test("a type without 'optional' is generated with its required members only, and no warning")
    func withoutOptional() throws {
        let manifest = Self.museum(types: #"{ "name": "com.museum.ticket", "required": ["ticket"], "kinds": { "ticket": "string" } }"#)
        let compilation = try ManifestCompiler().compilation(of: Data(manifest.utf8))
        #expect(compilation.source.contains("internal struct TicketHandoff: HandoffPayload, Hashable {"))
        #expect(compilation.source.contains("internal var ticket: String\n"))
        #expect(compilation.source.contains("internal init(ticket: String) {"))
        #expect(compilation.warnings.isEmpty)
        // With no members at all it is still a type, with an initializer of no arguments.
        let empty = try ManifestCompiler().compilation(of: Data(Self.museum(types: #"{ "name": "com.museum.visit" }"#).utf8))
        #expect(empty.source.contains("internal struct VisitHandoff: HandoffPayload, Hashable {"))
        #expect(empty.source.contains("internal init() {"))
        #expect(empty.warnings.isEmpty)
    }

    @Test("a member with no kind, required or optional, is a warning at its path naming the type; the rest is generated")
    func memberWithoutKind() throws {
        let manifest = Self.museum(types: #"""
            { "name": "com.museum.ticket", "required": ["ticket"] },
            { "name": "com.museum.tour", "required": ["tour"], "optional": ["guide", "language"], "kinds": { "tour": "integer", "language": "string" } },
            { "name": "com.museum.shop", "required": ["item"], "optional": [], "kinds": { "item": "slug" } }
            """#)
        let compilation = try ManifestCompiler().compilation(of: Data(manifest.utf8))
        #expect(!compilation.source.contains("TicketHandoff"))
        #expect(!compilation.source.contains("TourHandoff"))
        #expect(compilation.source.contains("internal struct ShopHandoff: HandoffPayload, Hashable {"))
        #expect(compilation.warnings.map(\.path) == ["$.handoff.types[0].required[0]", "$.handoff.types[1].optional[0]"])
        #expect(compilation.warnings.allSatisfy { $0.severity == .warning && $0.line != nil })
        let first = try #require(compilation.warnings.first)
        #expect(first.message.contains("handoff type 'com.museum.ticket' gets no Swift type: member 'ticket' has no kind"))
        #expect(first.message.contains(#"{"kinds": {"ticket": "string"}}"#))
        #expect(first.description.contains(": warning: $.handoff.types[0].required[0]: "))
        #expect(compilation.warnings.last?.message.contains("'com.museum.tour' gets no Swift type: member 'guide' has no kind") == true)
        // `compile` gives the same source.
        #expect(try ManifestCompiler().compile(data: Data(manifest.utf8)) == compilation.source)
    }

    @Test("a type the app declares itself, or a module does, is left alone without a warning")
    func leftAlone() throws {
        // Bluesky's starterPackUri has no kind: a warning, unless the configuration says the app
        // declares the type (BlueskyKit does); RoadFlare's clipkit.driver is ClipNostrUI's DriverHandoff.
        let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json")
        let warned = try ManifestCompiler().compilation(ofManifestAt: bluesky)
        #expect(!warned.source.contains("HandoffPayload, Hashable"))
        // Bluesky's go.bsky.app/{code} also warns, at its route (it can match the AASA path); the
        // handoff warnings are those under $.handoff.
        func handoffWarnings(_ compilation: ManifestCompilation) -> [String?] {
            compilation.warnings.map(\.path).filter { $0?.hasPrefix("$.handoff") == true }
        }
        #expect(handoffWarnings(warned) == ["$.handoff.types[0].required[0]"])
        #expect(warned.warnings.map(\.path) == ["$.routes[1].pattern", "$.handoff.types[0].required[0]"])
        let declared = try ManifestCompiler(configuration: GenerationConfiguration(appPayloadTypes: ["bluesky.starterPack"])).compilation(ofManifestAt: bluesky)
        #expect(handoffWarnings(declared).isEmpty && declared.source == warned.source)
        #expect(declared.warnings.map(\.path) == ["$.routes[1].pattern"], "only the route's warning is left")
        let roadflare = try ManifestCompiler().compilation(ofManifestAt: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        #expect(!roadflare.source.contains("HandoffPayload, Hashable") && roadflare.warnings.isEmpty)
    }

    @Test("a Swift name taken twice is an error on the type's name, saying how to rename it")
    func collisions() throws {
        let manifest = try String(contentsOf: TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json"), encoding: .utf8)
            .replacingOccurrences(of: #""types": ["#, with: #""types": [{ "name": "org.other.event", "required": ["id"], "optional": [], "kinds": { "id": "uuid" } }, "#)
        let failure = try #require(throws: GenerationFailure.self) { try ManifestCompiler().compile(data: Data(manifest.utf8)) }
        #expect(failure.diagnostics.map(\.path) == ["$.handoff.types[1].name"])
        #expect(failure.diagnostics.first?.message.contains("payloadTypeNames") == true)
        #expect(failure.diagnostics.first?.line != nil)
        let renamed = GenerationConfiguration(payloadTypeNames: ["org.other.event": "OtherEvent"])
        #expect(try ManifestCompiler(configuration: renamed).compile(data: Data(manifest.utf8)).contains("struct OtherEvent: HandoffPayload"))
        let clash = GenerationConfiguration(payloadTypeNames: ["com.acme.event": "ClipRoute"])
        #expect(throws: GenerationFailure.self) { try ManifestCompiler(configuration: clash).compile(manifestAt: TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json")) }
    }

    @Test("payloadTypeNames is read strictly")
    func configuration() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file(GenerationConfiguration.fileName)
        try Data(#"{ "payloadTypeNames": { "com.acme.event": "EventTicket" } }"#.utf8).write(to: url)
        #expect(try GenerationConfiguration.load(contentsOf: url).payloadTypeNames == ["com.acme.event": "EventTicket"])
        try Data(#"{ "appPayloadTypes": ["bluesky.starterPack"] }"#.utf8).write(to: url)
        #expect(try GenerationConfiguration.load(contentsOf: url).appPayloadTypes == ["bluesky.starterPack"])
        try Data(#"{ "appPayloadTypes": [7] }"#.utf8).write(to: url)
        #expect(throws: GenerationFailure.self) { try GenerationConfiguration.load(contentsOf: url) }
        try Data("{\n  \"payloadTypeNames\": { \"com.acme.event\": \"9lives\", \"x\": \"struct\" }\n}".utf8).write(to: url)
        let failure = try #require(throws: GenerationFailure.self) { try GenerationConfiguration.load(contentsOf: url) }
        #expect(failure.diagnostics.map(\.path) == [#"$.payloadTypeNames["com.acme.event"]"#, "$.payloadTypeNames.x"])
    }
}

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

    @Test("a type with an untyped member, an open type, or one a module declares is left to the app")
    func leftAlone() throws {
        // Bluesky's starterPackUri has no kind; RoadFlare's clipkit.driver is ClipNostrUI's DriverHandoff.
        #expect(!(try source(of: "Examples/bluesky/clipkit.json")).contains("HandoffPayload, Hashable"))
        #expect(!(try source(of: "Examples/roadflare/clipkit.json")).contains("HandoffPayload, Hashable"))
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
        try Data("{\n  \"payloadTypeNames\": { \"com.acme.event\": \"9lives\", \"x\": \"struct\" }\n}".utf8).write(to: url)
        let failure = try #require(throws: GenerationFailure.self) { try GenerationConfiguration.load(contentsOf: url) }
        #expect(failure.diagnostics.map(\.path) == [#"$.payloadTypeNames["com.acme.event"]"#, "$.payloadTypeNames.x"])
    }
}

@_spi(ClipKitTooling) import ClipKit
import ClipKitUI
import ClipTestSupport
import Foundation
import Testing
import TicketingRoutes

/// Types flow end to end on a manifest that is none of the examples (the ticketing fixture, compiled
/// by the manifest plugin into `TicketingRoutes`): an `integer` capture is an `Int` in the route, a
/// JSON number in the handoff and an `Int` in the app's own type; a `uuid` capture a `UUID`.
@MainActor
@Suite struct TypedHandoffTests {
    /// The app's own payload type, as any Swift developer writes it.
    struct TicketOpening: HandoffPayload, Equatable {
        static let handoffTypeName = "com.acme.event"
        let eventID: Int
        let ticketID: UUID?
        let venue: String?
    }

    enum Screen: Sendable, Equatable { case home, event(TicketOpening), generated(EventHandoff) }

    let folder: TemporaryDirectory
    let runtime: ClipRuntime

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-typed")
        let container = try AppGroupContainer(manifest: ClipConfiguration.manifest, directory: folder.url)
        runtime = try ClipConfiguration.runtime(container: container)
    }

    /// The clip routes a ticket's link and hands its captures off, as `ClipSessionView` does on "Get the app".
    @discardableResult
    func clipHandsOff(_ link: String) throws -> HandoffOffer {
        let session = ClipSession(runtime: runtime)
        session.inbox.receive(.webpage(try #require(URL(string: link))))
        return try session.handOffRouteParameters()
    }

    @Test func theAppsIntAndUUIDMembersClaimTheClipsHandoffThroughTheGeneratedConfiguration() throws {
        let ticket = try #require(UUID(uuidString: "0F8D2C5A-3B7E-4E21-9C4D-5A6B7C8D9E0F"))
        let offer = try clipHandsOff("https://tickets.acme.com/v/hall-7/e/42/t/0f8d2c5a-3b7e-4e21-9c4d-5a6b7c8d9e0f")
        #expect(offer.typeName == EventHandoff.handoffTypeName)
        let stored = try #require(runtime.handoffs.peekEnvelope())
        #expect(stored.payload.objectValue?["eventID"] == .number(42), "an integer capture is a JSON number, not \"42\"")

        let resolver = OnboardingResolver(rules: [.payload(TicketOpening.self, routes: [.event, .ticket]) { Screen.event($0) }], otherwise: Screen.home)
        let launch = resolver.launch(openedBy: nil, runtime: try ClipConfiguration.runtime(container: runtime.container))
        #expect(launch.destination == .event(TicketOpening(eventID: 42, ticketID: ticket, venue: "hall-7")))
        #expect(launch.origin == .clipHandoff)
        #expect(launch.unhandledHandoff == nil)
        #expect(runtime.handoffs.peekEnvelope() == nil, "claimed once")
    }

    @Test func theGeneratedPayloadTypeIsTheRoutesTypesToo() throws {
        try clipHandsOff("https://tickets.acme.com/e/7")
        let resolver = OnboardingResolver(rules: [.payload(EventHandoff.self, routes: [.event]) { Screen.generated($0) }], otherwise: Screen.home)
        #expect(resolver.launch(openedBy: nil, runtime: runtime).destination == .generated(EventHandoff(eventID: 7)))

        // A link to the route that opens the installed app decodes the same way.
        let link = try #require(URL(string: "https://tickets.acme.com/e/8"))
        #expect(resolver.launch(openedBy: link, runtime: runtime).destination == .generated(EventHandoff(eventID: 8)))
        let other = OnboardingResolver(rules: [.payload(EventHandoff.self, routes: [.ticket]) { Screen.generated($0) }], otherwise: Screen.home)
        #expect(other.launch(openedBy: link, runtime: runtime).destination == .home, "only the routes the rule names")

        // The clip's own offer of the generated type is checked by kind and claimed as it was.
        let seats = EventHandoff(eventID: 9, venue: "hall-7", ticketID: UUID(), seats: 2)
        try runtime.handoffs.offer(seats)
        #expect(runtime.handoffs.claim(EventHandoff.self) == seats)
    }

    @Test func theStoreRefusesAPayloadWhoseMemberHasTheWrongKind() throws {
        let kinds = try #require(ClipConfiguration.manifest.handoffType(named: EventHandoff.handoffTypeName)).memberKinds
        #expect(kinds == ["eventID": "integer", "venue": "slug", "ticketID": "uuid", "seats": "number"], "captures give their kinds; seats is declared")
        for (payload, member) in [(#"{"eventID":"42"}"#, "eventID"), (#"{"eventID":4.5}"#, "eventID"),
                                  (#"{"eventID":1,"ticketID":"not-a-uuid"}"#, "ticketID"), (#"{"eventID":1,"venue":"hall 7"}"#, "venue"),
                                  (#"{"eventID":1,"seats":"two"}"#, "seats")] {
            let json = try StrictJSONParser().parse(payload)
            let error = try #require(throws: HandoffError.self) {
                try runtime.handoffs.offer(json: json, typeName: EventHandoff.handoffTypeName)
            }
            guard case .payloadDoesNotFitType(_, let reason) = error else { Issue.record("\(payload): \(error)"); continue }
            #expect(reason.contains("member '\(member)'") && reason.contains("kind \(kinds[member] ?? "?")"), "\(payload): \(reason)")
        }
        #expect(runtime.handoffs.peekEnvelope() == nil, "nothing was written")
        try runtime.handoffs.offer(json: try StrictJSONParser().parse(#"{"eventID":42,"ticketID":"0F8D2C5A-3B7E-4E21-9C4D-5A6B7C8D9E0F","seats":2}"#), typeName: EventHandoff.handoffTypeName)
    }

    @Test func aPayloadNoRuleCanDecodeIsGivenBackWithTheReason() throws {
        // An older clip, from before the type said integer, wrote the capture as a string.
        let olderClip = try HandoffStore(defaults: runtime.defaults, lifetime: 3600)
        try olderClip.offer(json: .object(["eventID": .string("42")]), typeName: "com.acme.event")

        let resolver = OnboardingResolver(rules: [.payload(TicketOpening.self, routes: [.event]) { Screen.event($0) }], otherwise: Screen.home)
        let launch = resolver.launch(openedBy: nil, runtime: runtime)
        #expect(launch.destination == .home)
        let unhandled = try #require(launch.unhandledHandoff, "the claimed payload is not lost silently")
        #expect(unhandled.envelope.payload == .object(["eventID": .string("42")]))
        #expect(unhandled.reason.contains("TicketOpening") && unhandled.reason.contains("eventID"), "\(unhandled.reason)")
        #expect(launch.claimed == unhandled.envelope)

        // A type no rule knows comes back too, and so does a handoff when a link decided the screen.
        try olderClip.offer(json: .object(["eventID": .number(1)]), typeName: "com.acme.other")
        #expect(resolver.launch(openedBy: nil, runtime: runtime).unhandledHandoff?.reason == "no rule takes 'com.acme.other' payloads")
        try olderClip.offer(json: .object(["eventID": .number(1)]), typeName: "com.acme.event")
        let linked = resolver.launch(openedBy: URL(string: "https://tickets.acme.com/e/5"), runtime: runtime)
        #expect(linked.destination == .event(TicketOpening(eventID: 5, ticketID: nil, venue: nil)))
        #expect(linked.unhandledHandoff?.envelope.payload == .object(["eventID": .number(1)]))
    }
}

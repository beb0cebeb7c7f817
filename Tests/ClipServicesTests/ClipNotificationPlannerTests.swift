import ClipKit
import ClipServices
import Foundation
import Testing

/// The clip schedules a notification only while it may post one, and only with a target content
/// identifier that routes back to one of its notification routes.
@Suite struct ClipNotificationPlannerTests {
    static func planner() throws -> ClipNotificationPlanner {
        try ClipNotificationPlanner(manifest: ServicesFixtures.ticketing())
    }

    @Test(arguments: [ClipNotificationAuthorization.authorized, .provisional, .ephemeral])
    func allowedStatesSchedule(status: ClipNotificationAuthorization) throws {
        #expect(status.allowsScheduling)
        try Self.planner().checkAuthorization(status)
    }

    @Test func anUndeterminedClipDoesNotScheduleAndSaysWhy() throws {
        let error = #expect(throws: ClipNotificationError.notAuthorized(.notDetermined)) { try Self.planner().checkAuthorization(.notDetermined) }
        #expect(error?.description.contains("NSAppClipRequestEphemeralUserNotification") == true)
        #expect(error?.description.contains("8 hours") == true)
    }

    @Test func aClipThePersonTurnedOffDoesNotScheduleAndSaysWhy() throws {
        let error = #expect(throws: ClipNotificationError.notAuthorized(.denied)) { try Self.planner().checkAuthorization(.denied) }
        #expect(error?.description.contains("App Clip card") == true)
    }

    @Test func theTargetIsARouteURLThatRoutesBackToTheClip() throws {
        let planner = try Self.planner()
        let identifier = try planner.targetContentIdentifier(route: "order", parameters: ["order": "a12-b"])
        #expect(identifier == "https://tickets.example/o/a12-b")
        let match = try planner.checkTarget(identifier)
        #expect(match.route == "order")
        #expect(match.handledBy == .clip)
    }

    @Test func theTargetCarriesTheQueryItemsTheRouteReads() throws {
        let manifest = try ServicesFixtures.ticketing { text in
            text = text.replacingOccurrences(
                of: #""params": { "order": "slug" } }"#,
                with: #""params": { "order": "slug" }, "query": { "seat": { "kind": "integer", "required": true } } }"#
            )
        }
        let planner = try ClipNotificationPlanner(manifest: manifest)
        let identifier = try planner.targetContentIdentifier(route: "order", parameters: ["order": "a12-b", "seat": "14"])
        #expect(identifier == "https://tickets.example/o/a12-b?seat=14")
        #expect(try planner.checkTarget(identifier).parameters == ["order": "a12-b", "seat": "14"])
        #expect(throws: ClipNotificationError.missingParameters(route: "order", missing: ["seat"])) {
            try planner.targetContentIdentifier(route: "order", parameters: ["order": "a12-b"])
        }
    }

    /// A clip with no domain of its own: the notification reopens it through Apple's default App Clip link.
    @Test func aRouteWithoutAPatternTargetsTheDefaultLink() throws {
        let manifest = try ServicesFixtures.ticketing { text in
            text = text.replacingOccurrences(
                of: #"{ "name": "order", "pattern": "https://tickets.example/o/{order}", "handledBy": "clip", "params": { "order": "slug" } }"#,
                with: #"{ "name": "order", "handledBy": "clip", "defaultLink": true, "query": { "order": { "kind": "slug", "required": true } } }"#
            )
        }
        let planner = try ClipNotificationPlanner(manifest: manifest)
        let identifier = try planner.targetContentIdentifier(route: "order", parameters: ["order": "a12-b"])
        #expect(identifier == "https://appclip.apple.com/id?p=com.example.Tickets.Clip&order=a12-b")
        let match = try planner.checkTarget(identifier)
        #expect(match.route == "order" && match.parameters == ["order": "a12-b"])
        #expect(throws: ClipNotificationError.missingParameters(route: "order", missing: ["order"])) {
            try planner.targetContentIdentifier(route: "order", parameters: [:])
        }
    }

    /// `account` comes first in the manifest and its literal path is a value `order` accepts, so a
    /// notification for order "account" would reopen the app's route, not the clip's.
    @Test func anIdentifierThatRoutesElsewhereIsRefused() throws {
        let planner = try Self.planner()
        let error = #expect(throws: ClipNotificationError.self) {
            try planner.targetContentIdentifier(route: "order", parameters: ["order": "account"])
        }
        guard case .doesNotRouteBack(let identifier, let route, let reason)? = error else {
            Issue.record("expected doesNotRouteBack, got \(String(describing: error))")
            return
        }
        #expect(identifier == "https://tickets.example/o/account")
        #expect(route == "order")
        #expect(reason.contains("'account'"), "\(reason)")
    }

    @Test func aValueTheRouteRefusesIsRefused() throws {
        let manifest = try ServicesFixtures.ticketing { $0 = $0.replacingOccurrences(of: "\"notificationRoutes\": [\"order\"]", with: "\"notificationRoutes\": [\"order\", \"venue\"]") }
        let planner = try ClipNotificationPlanner(manifest: manifest)
        #expect(try planner.targetContentIdentifier(route: "venue", parameters: ["venue": "42"]) == "https://tickets.example/v/42")
        let error = #expect(throws: ClipNotificationError.self) { try planner.targetContentIdentifier(route: "venue", parameters: ["venue": "main-hall"]) }
        #expect(error?.description.contains("integer") == true, "\(String(describing: error))")
    }

    @Test func routesOutsideTheNotificationRoutesAreRefused() throws {
        let planner = try Self.planner()
        #expect(throws: ClipNotificationError.routeNotListed("venue", listed: ["order"])) {
            try planner.targetContentIdentifier(route: "venue", parameters: ["venue": "42"])
        }
        #expect(throws: ClipNotificationError.notAClipRoute("receipt")) {
            try planner.targetContentIdentifier(route: "receipt", parameters: ["receipt": UUID().uuidString])
        }
        #expect(throws: ClipNotificationError.unknownRoute("tickets")) {
            try planner.targetContentIdentifier(route: "tickets", parameters: [:])
        }
        #expect(throws: ClipNotificationError.missingParameters(route: "order", missing: ["order"])) {
            try planner.targetContentIdentifier(route: "order", parameters: [:])
        }
        // An identifier the clip was handed is checked too: an app route's link is not a clip target.
        #expect(throws: ClipNotificationError.self) { try planner.checkTarget("https://tickets.example/r/\(UUID().uuidString)") }
        #expect(throws: ClipNotificationError.self) { try planner.checkTarget("order-42") }
    }

    @Test func aClipThatDoesNotRequestEphemeralNotificationsHasNoPlanner() throws {
        let manifest = try ServicesFixtures.ticketing {
            $0 = $0.replacingOccurrences(of: "\"requestsEphemeralNotifications\": true, \"notificationRoutes\": [\"order\"]", with: "\"requestsEphemeralNotifications\": false")
        }
        #expect(throws: ClipNotificationError.ephemeralNotificationsNotRequested) { try ClipNotificationPlanner(manifest: manifest) }
    }
}

import ClipKit
import ClipManifestReader
import Foundation

/// Manifests for the ClipServices tests, read by ManifestLoader as an app would read clipkit.json.
enum ServicesFixtures {
    /// A ticketing clip with one secret handoff type, one plain one, the Sign in with Apple type,
    /// ephemeral notifications for its `order` route, and an app-only route.
    static let ticketingJSON = """
    {
      "teamID": "7QF4K2M9XA",
      "app": { "bundleID": "com.example.Tickets", "appStoreID": "1600000002", "name": "Tickets" },
      "clip": {
        "bundleID": "com.example.Tickets.Clip", "minimumIOS": "15.4", "invocations": ["digital"],
        "requestsEphemeralNotifications": true, "notificationRoutes": ["order"]
      },
      "appGroup": "group.com.example.Tickets",
      "domains": ["tickets.example"],
      "routes": [
        { "name": "account", "pattern": "https://tickets.example/o/account", "handledBy": "app" },
        { "name": "order", "pattern": "https://tickets.example/o/{order}", "handledBy": "clip", "params": { "order": "slug" } },
        { "name": "venue", "pattern": "https://tickets.example/v/{venue}", "handledBy": "clip", "params": { "venue": "integer" } },
        { "name": "receipt", "pattern": "https://tickets.example/r/{receipt}", "handledBy": "app", "params": { "receipt": "uuid" } }
      ],
      "handoff": {
        "ttlSeconds": 600,
        "types": [
          { "name": "com.example.session", "required": ["token"], "optional": [], "secret": true },
          { "name": "com.example.order", "required": ["order"], "optional": [] },
          { "name": "clipkit.signInWithApple", "required": ["userIdentifier"], "optional": [], "secret": true }
        ]
      }
    }
    """

    static func ticketing() throws -> ClipManifest {
        try ManifestLoader().load(data: Data(ticketingJSON.utf8))
    }

    static func ticketing(editing edit: (inout String) -> Void) throws -> ClipManifest {
        var text = ticketingJSON
        edit(&text)
        return try ManifestLoader().load(data: Data(text.utf8))
    }
}

struct SessionHandoff: HandoffPayload, Equatable {
    static let handoffTypeName = "com.example.session"
    var token: String
}

struct OrderHandoff: HandoffPayload, Equatable {
    static let handoffTypeName = "com.example.order"
    var order: String
}

/// Collects what a store's diagnostics hook is told.
final class DiagnosticLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HandoffDiagnostic] = []

    func record(_ diagnostic: HandoffDiagnostic) {
        lock.lock()
        recorded.append(diagnostic)
        lock.unlock()
    }

    var all: [HandoffDiagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}

/// A wall clock the test sets.
final class SettableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

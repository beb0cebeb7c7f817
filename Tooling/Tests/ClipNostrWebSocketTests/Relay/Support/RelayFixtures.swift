import ClipNostr
import ClipTestSupport
import Foundation

/// Signs, publishes and fetches events with nostr-sdk (rust-nostr's Python bindings), through
/// `Tests/Fixtures/python/relay_fixtures.py`.
enum RelayFixtures {
    /// What to sign: `key` names a deterministic test key.
    struct Draft: Sendable {
        var key: String
        var kind = 0
        var content: String
        var createdAt: Int64
        var tags: [[String]] = []
    }

    /// A signed event and its author's hex public key.
    struct Signed: Sendable {
        var event: NostrEvent
        var pubkey: String
    }

    /// The outcome of publishing one event.
    struct Publication: Sendable {
        var id: String
        var acceptedBy: [String]
        var rejections: [String: String]
    }

    static var script: URL { TestEnvironment.file("Tests/Fixtures/python/relay_fixtures.py") }

    /// Signs the drafts with nostr-sdk, in order.
    static func sign(_ drafts: [Draft]) async throws -> [Signed] {
        let lines = try drafts.map { draft -> String in
            let object: [String: Any] = [
                "key": draft.key, "kind": draft.kind, "content": draft.content,
                "createdAt": draft.createdAt, "tags": draft.tags,
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        return try await run(["sign"], input: lines).map { line in
            let object = try jsonObject(line)
            guard let pubkey = object["pubkey"] as? String, let event = object["event"] else {
                throw FixtureFailure(description: "unexpected sign output: \(line.prefix(200))")
            }
            let eventJSON = try JSONSerialization.data(withJSONObject: event)
            return Signed(event: try NostrEvent(jsonData: eventJSON), pubkey: pubkey)
        }
    }

    /// Publishes events to every relay, in order, waiting for each relay's `OK`.
    static func publish(_ events: [NostrEvent], to relays: [RelayURL]) async throws -> [Publication] {
        let lines = events.map { String(decoding: $0.jsonData(), as: UTF8.self) }
        return try await run(["publish"] + relays.map(\.string), input: lines).map { line in
            let object = try jsonObject(line)
            return Publication(
                id: object["id"] as? String ?? "",
                acceptedBy: object["accepted"] as? [String] ?? [],
                rejections: object["rejected"] as? [String: String] ?? [:]
            )
        }
    }

    /// Fetches `author`'s profile with nostr-sdk's `fetch_events`; returns the newest event's id.
    static func fetchNewestProfileID(of author: String, from relays: [RelayURL], timeout: Double) async throws -> String? {
        let output = try await run(["fetch", String(timeout)] + relays.map(\.string), input: [#"{"author":"\#(author)"}"#])
        guard let line = output.first else { throw FixtureFailure(description: "fetch printed nothing") }
        return (try jsonObject(line)["newest"] as? [String: Any])?["id"] as? String
    }

    static func run(_ arguments: [String], input: [String]) async throws -> [String] {
        let result = try await ChildProcess.run(
            try TestEnvironment.python(), arguments: [script.path] + arguments,
            standardInput: Data((input.joined(separator: "\n") + "\n").utf8), timeout: 60
        )
        guard result.status == 0 else {
            throw FixtureFailure(description: "relay_fixtures.py \(arguments.first ?? "") exited \(result.status): \(result.standardError.suffix(800))")
        }
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    static func jsonObject(_ line: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw FixtureFailure(description: "not a JSON object: \(line.prefix(200))")
        }
        return object
    }

    struct FixtureFailure: Error, CustomStringConvertible {
        let description: String
    }
}

extension NostrEvent {
    /// The event as JSON text, for frames a test relay sends.
    var jsonText: String {
        String(decoding: jsonData(), as: UTF8.self)
    }

    /// A copy with some fields changed, for forgeries; the id and signature stay as they were.
    func altered(_ change: (inout NostrEvent) -> Void) -> NostrEvent {
        var copy = self
        change(&copy)
        return copy
    }
}

import Foundation

/// Signs and publishes drivers' kind-0 profiles with nostr-sdk (rust-nostr's Python bindings),
/// through `Tests/Fixtures/python/relay_fixtures.py`, the way any Nostr client would.
public enum DriverFixtures {
    /// A signed kind-0 event.
    public struct Signed: Sendable {
        /// The author's public key in hex.
        public let pubkey: String
        /// The event as JSON text.
        public let event: String
        /// Its `created_at`.
        public let createdAt: Int
    }

    /// A fixture script failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public let description: String
    }

    /// A kind-0 event for the test key `key`, with RoadFlare's car fields, created `secondsAgo` ago.
    public static func signProfile(key: String, content: [String: String], secondsAgo: Int = 60) async throws -> Signed {
        let createdAt = Int(Date().timeIntervalSince1970) - secondsAgo
        let contentText = String(decoding: try JSONSerialization.data(withJSONObject: content, options: [.sortedKeys]), as: UTF8.self)
        let spec = try JSONSerialization.data(withJSONObject: ["key": key, "kind": 0, "content": contentText, "createdAt": createdAt])
        let result = try await run(["sign"], input: spec)
        guard let line = result.split(separator: "\n").first,
              let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let pubkey = object["pubkey"] as? String, let event = object["event"]
        else { throw Failure(description: "relay_fixtures.py sign printed \(result.prefix(300))") }
        let eventText = String(decoding: try JSONSerialization.data(withJSONObject: event), as: UTF8.self)
        return Signed(pubkey: pubkey, event: eventText, createdAt: createdAt)
    }

    /// An event to sign: the label of a test key, the kind, content, tags and time.
    public struct EventSpecification: Sendable {
        /// Names a deterministic test key.
        public var key: String
        /// The event kind.
        public var kind: Int
        /// The content, exactly as it is to be signed.
        public var content: String
        /// The tags.
        public var tags: [[String]]
        /// `created_at`, in seconds since 1970.
        public var createdAt: Int

        /// Creates a specification.
        public init(key: String, kind: Int, content: String, tags: [[String]] = [], createdAt: Int) {
            self.key = key
            self.kind = kind
            self.content = content
            self.tags = tags
            self.createdAt = createdAt
        }
    }

    /// Signs every event with nostr-sdk in one run; the signed events as JSON text, in order.
    public static func sign(_ events: [EventSpecification]) async throws -> [String] {
        let lines = try events.map { event in
            let spec: [String: Any] = ["key": event.key, "kind": event.kind, "content": event.content, "tags": event.tags, "createdAt": event.createdAt]
            return String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        }
        let output = try await run(["sign"], input: Data(lines.joined(separator: "\n").utf8))
        let signed = try output.split(separator: "\n").map { line -> String in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let event = object["event"] else {
                throw Failure(description: "relay_fixtures.py sign printed \(line.prefix(300))")
            }
            return String(decoding: try JSONSerialization.data(withJSONObject: event), as: UTF8.self)
        }
        guard signed.count == events.count else {
            throw Failure(description: "relay_fixtures.py sign signed \(signed.count) of \(events.count) events")
        }
        return signed
    }

    /// Publishes `events` to `relay` and checks it accepted every one.
    public static func publish(_ events: [Signed], to relay: String) async throws {
        try await publish(eventsJSON: events.map(\.event), to: relay)
    }

    /// Publishes events given as JSON text (as ``sign(_:)`` returns them) to `relay` and checks it
    /// accepted every one.
    public static func publish(eventsJSON events: [String], to relay: String) async throws {
        let output = try await run(["publish", relay], input: Data(events.joined(separator: "\n").utf8))
        guard output.split(separator: "\n").count == events.count, !output.contains("\"accepted\": []") else {
            throw Failure(description: "the relay did not accept every event: \(output.prefix(500))")
        }
    }

    private static func run(_ arguments: [String], input: Data) async throws -> String {
        let script = TestEnvironment.file("Tests/Fixtures/python/relay_fixtures.py").path
        let result = try await ChildProcess.run(try TestEnvironment.python(), arguments: [script] + arguments, standardInput: input, timeout: 60)
        guard result.status == 0 else {
            throw Failure(description: "relay_fixtures.py \(arguments[0]) exited \(result.status): \(result.standardError.suffix(600))")
        }
        return result.standardOutput
    }
}

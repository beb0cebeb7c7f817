import Foundation

/// A stored handoff entry: schema version, creation and expiry time, payload type and payload.
///
/// On disk it is one compact JSON object with exactly these members:
///
/// ```json
/// {"createdAt":1700000000,"expiresAt":1700604800,"payload":{"ticket":"A12"},"schema":1,"type":"com.example.ticket"}
/// ```
///
/// Times are whole Unix seconds. ``init(validating:now:clockSkewAllowance:)`` is the one place that
/// decides whether stored bytes are a usable entry; it never crashes on any input.
public struct HandoffEnvelope: Sendable, Equatable {
    /// The envelope schema this version of ClipKit writes and reads.
    @_spi(ClipKitTooling) public static let currentSchemaVersion = 1
    /// The largest entry accepted, in bytes: 64 KiB.
    public static let maximumBytes = 64 * 1024
    /// The handoff lifetimes a manifest may set, in seconds: one minute to thirty days.
    @_spi(ClipKitTooling) public static let lifetimeRange = 60...2_592_000
    /// The longest lifetime an entry may claim, in seconds (30 days, as in the manifest).
    @_spi(ClipKitTooling) public static let maximumLifetime = lifetimeRange.upperBound
    /// How far in the future an entry's creation time may lie before it is refused (five minutes).
    public static let defaultClockSkewAllowance: TimeInterval = 300
    /// How deeply a payload's JSON may nest (the envelope itself is the first level).
    public static let maximumDepth = 32

    static let memberNames: Set<String> = ["schema", "createdAt", "expiresAt", "type", "payload"]

    /// The envelope schema version.
    public let schemaVersion: Int
    /// When the clip offered the entry.
    public let createdAt: Date
    /// When the entry stops being claimable.
    public let expiresAt: Date
    /// The payload's type name.
    public let typeName: String
    /// The payload as JSON.
    public let payload: JSONValue

    /// Checks stored bytes and returns the entry they hold when it is usable at `now`.
    ///
    /// - Throws: ``HandoffDiagnostic`` saying why the bytes are not a usable entry: oversized, truncated,
    ///   corrupt, unknown version, future-dated (beyond `clockSkewAllowance`) or expired.
    public init(
        validating data: Data, now: Date, clockSkewAllowance: TimeInterval = HandoffEnvelope.defaultClockSkewAllowance
    ) throws {
        try self.init(checking: data, now: now, clockSkewAllowance: clockSkewAllowance)
    }

    /// ``init(validating:now:clockSkewAllowance:)`` with its error typed, for the store.
    init(checking data: Data, now: Date, clockSkewAllowance: TimeInterval) throws(HandoffDiagnostic) {
        guard data.count <= Self.maximumBytes else {
            throw HandoffDiagnostic.oversized(bytes: data.count, limit: Self.maximumBytes)
        }
        let document: JSONValue
        do {
            document = try JSONValue(strictlyParsing: data, maximumDepth: Self.maximumDepth)
        } catch {
            if error.isTruncation { throw HandoffDiagnostic.truncated(bytes: data.count) }
            throw HandoffDiagnostic.corrupt(reason: "not JSON: \(error.description)")
        }
        guard let members = document.objectValue else {
            throw HandoffDiagnostic.corrupt(reason: "expected a JSON object, found \(document.typeDescription)")
        }
        // The version decides how to read everything else, so it is checked first.
        guard let schema = members["schema"] else { throw HandoffDiagnostic.corrupt(reason: "the 'schema' member is missing") }
        guard let version = schema.integerValue else {
            throw HandoffDiagnostic.corrupt(reason: "'schema' should be a whole number, found \(schema.typeDescription)")
        }
        guard version == Self.currentSchemaVersion else { throw HandoffDiagnostic.unknownVersion(version) }
        if let unexpected = UnexpectedMember.first(among: Array(members.keys), allowed: Self.memberNames) {
            throw HandoffDiagnostic.corrupt(reason: "unexpected member '\(unexpected.prefix(64))'")
        }
        let created = try Self.seconds(members["createdAt"], named: "createdAt")
        let expires = try Self.seconds(members["expiresAt"], named: "expiresAt")
        guard let typeMember = members["type"] else { throw HandoffDiagnostic.corrupt(reason: "the 'type' member is missing") }
        guard let typeName = typeMember.stringValue, Self.isTypeName(typeName) else {
            throw HandoffDiagnostic.corrupt(reason: "'type' should be a payload type name, found \(typeMember.typeDescription)")
        }
        guard let payload = members["payload"] else { throw HandoffDiagnostic.corrupt(reason: "the 'payload' member is missing") }
        let lifetime = expires - created
        guard lifetime >= 1, lifetime <= Self.maximumLifetime else {
            throw HandoffDiagnostic.corrupt(reason: "the entry claims a lifetime of \(lifetime) seconds; a handoff lives 1 to \(Self.maximumLifetime)")
        }
        let createdAt = Date(timeIntervalSince1970: TimeInterval(created))
        let expiresAt = Date(timeIntervalSince1970: TimeInterval(expires))
        if createdAt.timeIntervalSince(now) > max(0, clockSkewAllowance) {
            throw HandoffDiagnostic.futureDated(createdAt: createdAt, now: now)
        }
        if now >= expiresAt {
            throw HandoffDiagnostic.expired(expiresAt: expiresAt, now: now)
        }
        self.schemaVersion = version
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.typeName = typeName
        self.payload = payload
    }

    /// Decodes the payload as `type`.
    ///
    /// - Throws: ``HandoffDiagnostic/undecodablePayload(typeName:reason:)``.
    public func decodePayload<Payload: Decodable>(as type: Payload.Type) throws -> Payload {
        try checkedDecodePayload(as: type)
    }

    /// ``decodePayload(as:)`` with its error typed, for this package.
    package func checkedDecodePayload<Payload: Decodable>(as type: Payload.Type) throws(HandoffDiagnostic) -> Payload {
        do {
            return try JSONDecoder().decode(Payload.self, from: payload.serialized())
        } catch {
            throw HandoffDiagnostic.undecodablePayload(typeName: typeName, reason: Self.describe(error))
        }
    }

    /// Whether `name` can be a payload type name: a letter, then up to 127 letters, digits, `.`, `_` or `-`.
    @_spi(ClipKitTooling) public static func isTypeName(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, scalars.count <= 128,
              ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return ASCIISet.alphanumerics(and: "._-").containsAll(name)
    }

    // MARK: Encoding and typed decoding

    /// The payload's JSON as an entry holds it: compact, sorted keys, `/` not escaped.
    static func encode<Payload: Encodable>(_ payload: Payload, typeName: String) throws(HandoffError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(payload)
        } catch {
            throw .payloadNotEncodable(typeName: typeName, reason: describe(error))
        }
    }

    /// The bytes of an entry around `payloadJSON`, members in sorted order; `typeName` must pass
    /// ``isTypeName(_:)`` (it is written without escaping). ``init(validating:now:clockSkewAllowance:)``
    /// checks the result before anything stores it.
    static func entry(payloadJSON: Data, typeName: String, createdAt: Int, lifetime: Int) -> Data {
        var data = Data("{\"createdAt\":\(createdAt),\"expiresAt\":\(createdAt + lifetime),\"payload\":".utf8)
        data.append(payloadJSON)
        data.append(contentsOf: ",\"schema\":\(currentSchemaVersion),\"type\":\"\(typeName)\"}".utf8)
        return data
    }

    /// Decodes the payload of already validated entry bytes straight from the bytes (keeping full
    /// integer precision), as `type`.
    static func decodePayload<Payload: Decodable>(
        from data: Data, typeName: String, as type: Payload.Type
    ) throws(HandoffDiagnostic) -> Payload {
        do {
            return try JSONDecoder().decode(PayloadOnly<Payload>.self, from: data).payload
        } catch {
            throw .undecodablePayload(typeName: typeName, reason: describe(error))
        }
    }

    private struct PayloadOnly<Payload: Decodable>: Decodable {
        var payload: Payload
    }

    private static func seconds(_ value: JSONValue?, named name: String) throws(HandoffDiagnostic) -> Int {
        guard let value else { throw .corrupt(reason: "the '\(name)' member is missing") }
        guard let seconds = value.integerValue else {
            throw .corrupt(reason: "'\(name)' should be whole Unix seconds, found \(value.typeDescription)")
        }
        return seconds
    }

    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else {
            if let encoding = error as? EncodingError, case .invalidValue(_, let context) = encoding {
                return context.debugDescription
            }
            return String(describing: error)
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "missing member '\(path(context.codingPath + [key]))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let at = context.codingPath.isEmpty ? "" : " at '\(path(context.codingPath))'"
            return context.debugDescription + at
        @unknown default:
            return String(describing: decoding)
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

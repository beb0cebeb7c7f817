import Foundation

/// One value of a push notification's payload, held as a `Sendable` value.
///
/// A notification's `userInfo` arrives as JSON from Apple's push service. The parser reads it into
/// this enum first (checking size and nesting on the way), so that everything after it works on
/// plain values that can cross concurrency domains.
///
/// This is the package's one deliberate copy of ClipKit's `JSONValue`, because ClipNotifications
/// ships in a notification service extension, whose memory the system caps, and depends on
/// Foundation only. Reading payloads into `JSONValue` instead was built and measured
/// (`bench/notification-size.sh`; BENCHMARKS.md, "What ClipNotifications adds to a notification
/// extension"): linking ClipKit took what ClipNotifications adds to the extension from 340,768 to
/// 769,312 bytes in a default release build (279,104 to 521,968 with only the reachable code kept),
/// and the extension's private dirty memory after one notification up by 272 kB (132 kB), for this
/// 70-line enum. Keep it in step with `JSONValue` by hand: the same cases, the same `integerValue`.
public enum PayloadValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (JSON does not tell integers apart; see ``integerValue``).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([PayloadValue])
    /// An object.
    case object([String: PayloadValue])

    /// The string, when this value is a JSON string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The members, when this value is a JSON object.
    public var objectValue: [String: PayloadValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The number as a whole number, when this value is a JSON number without a fractional part
    /// that a `Double` holds exactly (magnitude below 2^53).
    public var integerValue: Int? {
        guard case .number(let value) = self, value.rounded() == value,
              abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }

    /// A short name for the value's JSON type, for messages ("a string", "an object").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension PayloadValue: Decodable {
    /// Decodes any JSON value; Booleans and numbers stay distinct.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([PayloadValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: PayloadValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }
}

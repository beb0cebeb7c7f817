/// A JSON document held as a value, for data whose shape is only known at run time: the one JSON
/// value type of ClipKit and every module built on it.
///
/// ClipKit uses it where untrusted JSON must be inspected before it is trusted: the manifest is
/// checked key by key (so every problem can be reported with its path), handoff payloads and
/// web-bridge messages carry arbitrary JSON, Nostr events and relay frames are read field by field.
/// `StrictJSONParser` produces it with every string exactly as sent and every number with its
/// literal text (``JSONNumber``); `serialized(layout:escaping:)` writes it back. (ClipNotifications,
/// which depends on Foundation only, keeps a measured copy: `PayloadValue`.)
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its literal text when it was parsed.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. Parsed objects never name a member twice: the parser rejects that, or keeps the
    /// last and reports it.
    case object([String: JSONValue])

    /// Whether two values are the same JSON: the same kind, equal numbers (see ``JSONNumber``),
    /// equal strings, arrays equal element by element, objects with the same members.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // Written out rather than synthesized: the synthesized comparison specializes the standard
        // library's generic array and dictionary equality for this type, which costs every clip
        // about 8 KB of code for the same answer.
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return false }
            for index in left.indices where left[index] != right[index] { return false }
            return true
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            for (key, value) in left {
                guard let other = right[key], other == value else { return false }
            }
            return true
        default: return false
        }
    }

    /// The number `value`: `.number(2.5)`.
    public static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(value))
    }

    /// The integer `value`, exactly: `.number(count)`.
    public static func number<Integer: BinaryInteger>(_ value: Integer) -> JSONValue {
        .number(JSONNumber(value))
    }

    /// The string, when this value is a JSON string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, when this value is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number's nearest `Double`, when this value is a JSON number.
    public var numberValue: Double? {
        if case .number(let value) = self { return value.doubleValue }
        return nil
    }

    /// The number as an `Int`, when this value is a whole JSON number within ±2^53 (see
    /// ``JSONNumber/integerValue``).
    public var integerValue: Int? {
        if case .number(let value) = self { return value.integerValue }
        return nil
    }

    /// The number as an exact 64-bit integer, when this value is a JSON number written without
    /// fraction or exponent that fits (see ``JSONNumber/int64Value``).
    public var int64Value: Int64? {
        if case .number(let value) = self { return value.int64Value }
        return nil
    }

    /// The elements, when this value is a JSON array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this value is a JSON object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// A short name for the value's JSON type, as used in error messages ("a string", "an object").
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

    /// Looks up a member of an object; `nil` for a missing member or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

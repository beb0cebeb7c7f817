/// A JSON document held as a value, for data whose shape is only known at run time.
///
/// ClipKit uses it where untrusted JSON must be inspected before it is trusted: the manifest
/// is checked key by key (so every problem can be reported with its path), web-bridge messages
/// carry arbitrary JSON, and Nostr profiles keep fields they do not know.
public enum JSONValue: Sendable, Equatable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as a `Double`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; its members by name.
    case object([String: JSONValue])

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

    /// The number, when this value is a JSON number.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an integer, when this value is a JSON number without a fractional part
    /// that fits in `Int`.
    public var integerValue: Int? {
        guard case .number(let value) = self, value.rounded() == value,
              value >= -9.007_199_254_740_992e15, value <= 9.007_199_254_740_992e15 else { return nil }
        return Int(value)
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

/// JSON parsed by ``StrictJSONParser``: strings exactly as sent, numbers as their literal text.
///
/// Keeping a number's text lets a caller read `created_at` as an exact 64-bit integer; objects
/// never have duplicate keys, because the parser rejects them.
public indirect enum StrictJSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its literal text (for example `"1700000000"` or `"-1.5e3"`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([StrictJSONValue])
    /// An object, whose keys are unique.
    case object([String: StrictJSONValue])

    /// The string, when this is a JSON string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, when this is a JSON array.
    public var arrayValue: [StrictJSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is a JSON object.
    public var objectValue: [String: StrictJSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The Boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number as an exact 64-bit integer, when it is written as one (no fraction or exponent)
    /// and fits.
    public var int64Value: Int64? {
        guard case .number(let text) = self, !ASCIISet(".eE").containsAny(text) else { return nil }
        return Int64(text)
    }

    /// The same value as a ``JSONValue`` (numbers become `Double`; text that a `Double` cannot hold
    /// becomes 0, which a parser with ``StrictJSONParser/rejectsNumbersBeyondDouble`` never produces).
    public var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let text): return .number(Double(text) ?? 0)
        case .string(let value): return .string(value)
        case .array(let values): return .array(values.map(\.jsonValue))
        case .object(let members): return .object(members.mapValues(\.jsonValue))
        }
    }

    /// A short name for the value's JSON type, for error messages ("a string", "an object").
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

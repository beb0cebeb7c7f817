/// The person's notification preferences, as the app stored them for its extension.
public struct NotificationPreferences: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The stored values by key (Bluesky: `playSoundChat`).
    public var values: [String: PreferenceValue]

    /// Creates preferences from `values`.
    public init(_ values: [String: PreferenceValue] = [:]) {
        self.values = values
    }

    /// Creates preferences from a literal: `["playSoundChat": true]`.
    public init(dictionaryLiteral elements: (String, PreferenceValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The value stored under `key`.
    public subscript(key: String) -> PreferenceValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Whether the switch `key` is on: `true`, or a non-zero number. Missing counts as off.
    public func isEnabled(_ key: String) -> Bool {
        switch values[key] {
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string, nil: return false
        }
    }
}

/// One stored preference: a switch, a number or a string.
public enum PreferenceValue: Sendable, Hashable, ExpressibleByBooleanLiteral, ExpressibleByStringLiteral {
    /// A switch.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)

    /// A switch.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension PreferenceValue: Codable {
    /// Decodes a JSON Boolean, number or string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "preferences hold only true/false, numbers and strings")
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}

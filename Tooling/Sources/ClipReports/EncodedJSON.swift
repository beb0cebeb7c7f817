import ClipKit

/// A ``JSONValue`` inside an `Encodable` report: a handoff payload, a profile's custom fields, an
/// AASA document. Integers are written as integers, exactly.
package struct EncodedJSON: Encodable, Sendable, Equatable {
    /// The value.
    package let value: JSONValue

    /// Wraps `value`.
    package init(_ value: JSONValue) {
        self.value = value
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the value as the JSON it is.
    package func encode(to encoder: any Encoder) throws {
        switch value {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let integer = number.int64Value {
                try container.encode(integer)
            } else if number.doubleValue.isFinite {
                try container.encode(number.doubleValue)
            } else {
                try container.encodeNil()
            }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(EncodedJSON(element)) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (name, member) in members { try container.encode(EncodedJSON(member), forKey: Key(stringValue: name)) }
        }
    }
}

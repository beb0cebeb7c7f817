import ClipKit
import Foundation

/// A ``JSONValue`` read and written through Foundation's `JSONDecoder` and `JSONEncoder`: the
/// reference that ClipKit's own parser and writer are checked against.
struct FoundationJSON: Codable {
    let value: JSONValue

    init(_ value: JSONValue) {
        self.value = value
    }

    /// The value Foundation reads from `data`, or `nil` when it refuses the bytes.
    static func decode(_ data: Data) -> JSONValue? {
        (try? JSONDecoder().decode(FoundationJSON.self, from: data))?.value
    }

    /// The bytes `JSONEncoder` writes for `value` with sorted keys and unescaped slashes.
    static func encode(_ value: JSONValue) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(FoundationJSON(value))
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let elements = try? container.decode([FoundationJSON].self) {
            value = .array(elements.map(\.value))
        } else {
            value = .object(try container.decode([String: FoundationJSON].self).mapValues(\.value))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number):
            // Whole numbers are written as integers, as JSONValue has always written them.
            if let integer = value.integerValue { try container.encode(integer) } else { try container.encode(number.doubleValue) }
        case .string(let string): try container.encode(string)
        case .array(let elements): try container.encode(elements.map(FoundationJSON.init))
        case .object(let members): try container.encode(members.mapValues(FoundationJSON.init))
        }
    }
}

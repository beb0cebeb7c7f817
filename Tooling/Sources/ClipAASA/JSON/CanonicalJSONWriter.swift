import ClipKit
import Foundation

/// Writes JSON the same way on every platform: two-space indentation, keys sorted by their UTF-8
/// bytes, `/` not escaped, a final newline.
///
/// Foundation's encoders differ between platforms and versions in spacing and escaping; a file
/// that is served with an ETag and compared in tests must not.
public enum CanonicalJSONWriter {
    /// The value as canonical pretty-printed UTF-8 JSON.
    public static func data(for value: JSONValue) -> Data {
        var output = ""
        write(value, indent: 0, into: &output)
        output += "\n"
        return Data(output.utf8)
    }

    static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
        members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    static func write(_ value: JSONValue, indent: Int, into output: inout String) {
        let padding = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch value {
        case .array(let elements) where !elements.isEmpty:
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += padding
                write(element, indent: indent + 1, into: &output)
                output += position == elements.count - 1 ? "\n" : ",\n"
            }
            output += closing + "]"
        case .object(let members) where !members.isEmpty:
            output += "{\n"
            let keys = sortedKeys(members)
            for (position, key) in keys.enumerated() {
                output += padding
                writeString(key, into: &output)
                output += ": "
                if let member = members[key] { write(member, indent: indent + 1, into: &output) }
                output += position == keys.count - 1 ? "\n" : ",\n"
            }
            output += closing + "}"
        default:
            writeCompact(value, into: &output)
        }
    }

    /// Writes a scalar or an empty array or object, which take one line in any layout.
    static func writeCompact(_ value: JSONValue, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number):
            if let integer = value.integerValue { output += String(integer) } else { output += "\(number)" }
        case .string(let text): writeString(text, into: &output)
        case .array: output += "[]"
        case .object: output += "{}"
        }
    }

    static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    output += String(format: "\\u%04x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

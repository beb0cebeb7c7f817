import Foundation

extension JSONValue {
    /// Parses JSON bytes into a value, with the rules of ``init(strictlyParsing:maximumDepth:)``.
    ///
    /// - Throws: ``JSONSyntaxError`` saying what is wrong and where.
    public init(parsing data: Data) throws(JSONSyntaxError) {
        try self.init(strictlyParsing: data)
    }

    /// The value serialized as compact JSON: members sorted by the UTF-8 bytes of their names,
    /// `/` not escaped, whole numbers without a fraction.
    ///
    /// These are the bytes `JSONEncoder` writes with `.sortedKeys` and `.withoutEscapingSlashes`.
    /// A number that is not finite, which JSON cannot hold, makes the whole result `null`.
    public func serialized() -> Data {
        finiteSerialization() ?? Data("null".utf8)
    }

    /// The bytes of ``serialized()``, or `nil` when a number is not finite.
    func finiteSerialization() -> Data? {
        var bytes: [UInt8] = []
        guard write(into: &bytes) else { return nil }
        return Data(bytes)
    }

    /// Appends the value's JSON to `bytes`; `false` when a number is not finite.
    private func write(into bytes: inout [UInt8]) -> Bool {
        switch self {
        case .null:
            bytes += "null".utf8
        case .bool(let value):
            bytes += (value ? "true" : "false").utf8
        case .number(let value):
            guard value.isFinite else { return false }
            if let integer = integerValue {
                bytes += String(integer).utf8
            } else {
                var text = value.description
                if text.hasSuffix(".0") { text.removeLast(2) }
                bytes += text.utf8
            }
        case .string(let value):
            Self.write(string: value, into: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                guard element.write(into: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                Self.write(string: key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard members[key]?.write(into: &bytes) ?? false else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func write(string text: String, into bytes: inout [UInt8]) {
        let hexDigits = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x00..<0x20: bytes += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

import Foundation

/// How ``JSONValue/serialized(layout:escaping:)`` lays out arrays and objects.
@_spi(ClipKitTooling)
public enum JSONLayout: Sendable {
    /// One line without spaces: `{"a":[1,2]}`.
    case compact
    /// Two-space indentation, one element or member a line, `": "` after each name; empty arrays and
    /// objects as `[]` and `{}`. No final newline.
    case indented
}

extension JSONValue {
    /// Parses JSON bytes into a value, with the rules of ``init(strictlyParsing:maximumDepth:)``.
    ///
    /// - Throws: ``JSONSyntaxError`` saying what is wrong and where.
    @_spi(ClipKitTooling) public init(parsing data: Data) throws(JSONSyntaxError) {
        try self.init(strictlyParsing: data)
    }

    /// The value serialized as JSON: members sorted by the UTF-8 bytes of their names, strings
    /// escaped by ``JSONString`` (`/` not escaped), numbers as ``JSONNumber/jsonText``.
    ///
    /// Compact, these are the bytes `JSONEncoder` writes with `.sortedKeys` and
    /// `.withoutEscapingSlashes` for the same values. The same value always gives the same bytes, on
    /// every platform. A number that is not finite, which JSON cannot hold, makes the whole result
    /// `null`.
    @_spi(ClipKitTooling) public func serialized(layout: JSONLayout = .compact, escaping: JSONString.Escaping = .jsonOnly) -> Data {
        finiteSerialization(layout: layout, escaping: escaping) ?? Data("null".utf8)
    }

    /// The bytes of ``serialized(layout:escaping:)``, or `nil` when a number is not finite.
    func finiteSerialization(layout: JSONLayout = .compact, escaping: JSONString.Escaping = .jsonOnly) -> Data? {
        var writer = Writer(indents: layout == .indented, escaping: escaping)
        guard writer.write(self, depth: 0) else { return nil }
        return Data(writer.bytes)
    }

    /// Appends values to bytes in one layout.
    private struct Writer {
        let indents: Bool
        let escaping: JSONString.Escaping
        var bytes: [UInt8] = []

        /// Appends `value`'s JSON, nested `depth` levels deep; `false` when a number is not finite.
        mutating func write(_ value: JSONValue, depth: Int) -> Bool {
            switch value {
            case .null:
                bytes += "null".utf8
            case .bool(let flag):
                bytes += (flag ? "true" : "false").utf8
            case .number(let number):
                guard let text = number.jsonText else { return false }
                bytes += text.utf8
            case .string(let text):
                JSONString.append(text, to: &bytes, escaping: escaping)
            case .array(let elements):
                bytes.append(UInt8(ascii: "["))
                for (position, element) in elements.enumerated() {
                    separate(first: position == 0, depth: depth + 1)
                    guard write(element, depth: depth + 1) else { return false }
                }
                close(UInt8(ascii: "]"), empty: elements.isEmpty, depth: depth)
            case .object(let members):
                bytes.append(UInt8(ascii: "{"))
                let names = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                for (position, name) in names.enumerated() {
                    separate(first: position == 0, depth: depth + 1)
                    JSONString.append(name, to: &bytes, escaping: escaping)
                    bytes += indents ? Array(": ".utf8) : [UInt8(ascii: ":")]
                    guard let member = members[name], write(member, depth: depth + 1) else { return false }
                }
                close(UInt8(ascii: "}"), empty: members.isEmpty, depth: depth)
            }
            return true
        }

        /// Before an element or member: a comma after the first, and a new line when indenting.
        private mutating func separate(first: Bool, depth: Int) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            newLine(depth: depth)
        }

        /// The closing bracket, on a line of its own when indenting a non-empty container.
        private mutating func close(_ bracket: UInt8, empty: Bool, depth: Int) {
            if !empty { newLine(depth: depth) }
            bytes.append(bracket)
        }

        private mutating func newLine(depth: Int) {
            guard indents else { return }
            bytes.append(UInt8(ascii: "\n"))
            bytes += repeatElement(UInt8(ascii: " "), count: 2 * depth)
        }
    }
}

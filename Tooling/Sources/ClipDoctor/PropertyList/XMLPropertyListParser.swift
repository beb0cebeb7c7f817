import Foundation

/// Parses Apple's XML property list format: the `<plist>` document with `dict`, `array`, `key`,
/// `string`, `integer`, `real`, `true`, `false`, `date` and `data` elements.
///
/// It reads the subset of XML that plists use — a prolog, a DOCTYPE without an internal subset,
/// comments, CDATA sections and the five predefined and numeric character references — and
/// rejects everything else. Nesting is capped, so hostile input cannot exhaust the stack.
struct XMLPropertyListParser {
    private let bytes: [UInt8]
    private let maximumDepth: Int
    private let maximumObjects: Int
    private var position = 0
    private var producedValues = 0

    init(bytes: [UInt8], maximumDepth: Int, maximumObjects: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.maximumObjects = maximumObjects
    }

    /// Whether the bytes start (after an optional byte-order mark and whitespace) like an XML plist.
    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        return bytes[index...].starts(with: Array("<?xml".utf8)) || bytes[index...].starts(with: Array("<plist".utf8))
            || bytes[index...].starts(with: Array("<!DOCTYPE".utf8)) || bytes[index...].starts(with: Array("<!--".utf8))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    mutating func parse() throws(PropertyListError) -> PropertyListValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        if starts(with: "<?xml") {
            guard let end = find("?>", from: position) else { throw fail("the XML declaration is not closed") }
            let declaration = String(decoding: bytes[position..<end], as: UTF8.self).lowercased()
            if declaration.contains("encoding"), !(declaration.contains("utf-8") || declaration.contains("\"utf8\"")) {
                throw fail("only UTF-8 XML property lists are supported")
            }
            position = end + 2
        }
        try skipMisc()
        if starts(with: "<!DOCTYPE") {
            guard let end = find(">", from: position) else { throw fail("the DOCTYPE is not closed") }
            if bytes[position..<end].contains(UInt8(ascii: "[")) {
                throw fail("a DOCTYPE with an internal subset is not allowed in a property list")
            }
            position = end + 1
        }
        try skipMisc()
        let root = try openTag()
        guard root.name == "plist" else { throw fail("expected the <plist> root element, found <\(root.name)>") }
        if root.selfClosing { throw fail("the <plist> element is empty") }
        try skipMisc()
        let value = try parseValue(depth: 0)
        try skipMisc()
        try closeTag("plist")
        try skipMisc()
        guard position == bytes.count else { throw fail("unexpected content after </plist>") }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(PropertyListError) -> PropertyListValue {
        producedValues += 1
        if producedValues > maximumObjects { throw .tooManyObjects(limit: maximumObjects) }
        let tag = try openTag()
        switch tag.name {
        case "dict":
            guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
            var members: [String: PropertyListValue] = [:]
            if tag.selfClosing { return .dictionary(members) }
            while true {
                try skipMisc()
                if starts(with: "</") { try closeTag("dict"); return .dictionary(members) }
                let keyStart = position
                let keyTag = try openTag()
                guard keyTag.name == "key" else { throw fail("expected <key> in a dictionary, found <\(keyTag.name)>", at: keyStart) }
                let key = keyTag.selfClosing ? "" : try text(closing: "key")
                guard members[key] == nil else { throw fail("the dictionary has the key '\(key.prefix(80))' twice", at: keyStart) }
                try skipMisc()
                members[key] = try parseValue(depth: depth + 1)
            }
        case "array":
            guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
            var elements: [PropertyListValue] = []
            if tag.selfClosing { return .array(elements) }
            while true {
                try skipMisc()
                if starts(with: "</") { try closeTag("array"); return .array(elements) }
                elements.append(try parseValue(depth: depth + 1))
            }
        case "true", "false":
            if !tag.selfClosing { try skipMisc(); try closeTag(tag.name) }
            return .boolean(tag.name == "true")
        case "string":
            return .string(tag.selfClosing ? "" : try text(closing: "string"))
        case "integer":
            let raw = tag.selfClosing ? "" : try text(closing: "integer")
            guard let value = Self.integer(raw) else { throw fail("'\(raw.prefix(40))' is not an integer", at: tag.start) }
            return .integer(value)
        case "real":
            let raw = tag.selfClosing ? "" : try text(closing: "real")
            guard let value = Self.real(raw) else { throw fail("'\(raw.prefix(40))' is not a real number", at: tag.start) }
            return .real(value)
        case "date":
            let raw = tag.selfClosing ? "" : try text(closing: "date")
            guard let value = Self.date(raw) else { throw fail("'\(raw.prefix(40))' is not a date like 2024-01-31T12:00:00Z", at: tag.start) }
            return .date(value)
        case "data":
            let raw = tag.selfClosing ? "" : try text(closing: "data")
            let compact = raw.filter { !$0.isWhitespace }
            guard let value = Data(base64Encoded: compact) else { throw fail("the <data> element is not base64", at: tag.start) }
            return .data(value)
        default:
            throw fail("<\(tag.name)> is not a property-list element", at: tag.start)
        }
    }

    // MARK: Markup

    private struct Tag {
        var name: String
        var selfClosing: Bool
        var start: Int
    }

    private mutating func openTag() throws(PropertyListError) -> Tag {
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else {
            throw fail(position < bytes.count ? "expected an element" : "the document ends too early")
        }
        position += 1
        let name = readName()
        guard !name.isEmpty else { throw fail("expected an element name", at: start) }
        // Attributes: skip quoted values, stop at '>' or '/>'.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let end = bytes[(position + 1)...].firstIndex(of: byte) else { throw fail("an attribute value is not closed") }
                position = end + 1
            } else if byte == UInt8(ascii: ">") {
                position += 1
                return Tag(name: name, selfClosing: false, start: start)
            } else if byte == UInt8(ascii: "/") {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else { throw fail("a stray '/' in <\(name)>") }
                position += 2
                return Tag(name: name, selfClosing: true, start: start)
            } else if byte == UInt8(ascii: "<") {
                throw fail("<\(name)> is not closed with '>'")
            } else {
                position += 1
            }
        }
        throw fail("the document ends inside <\(name)>", at: start)
    }

    private mutating func closeTag(_ name: String) throws(PropertyListError) {
        let start = position
        guard starts(with: "</") else { throw fail("expected </\(name)>") }
        position += 2
        let found = readName()
        guard found == name else { throw fail("expected </\(name)>, found </\(found)>", at: start) }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { throw fail("</\(name)> is not closed with '>'", at: start) }
        position += 1
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            let isNameByte = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            guard isNameByte else { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads character data up to `</name>`, resolving references and CDATA sections.
    private mutating func text(closing name: String) throws(PropertyListError) -> String {
        var result: [UInt8] = []
        while true {
            guard position < bytes.count else { throw fail("the document ends inside <\(name)>") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if starts(with: "<![CDATA[") {
                    guard let end = find("]]>", from: position + 9) else { throw fail("a CDATA section is not closed") }
                    result.append(contentsOf: bytes[(position + 9)..<end])
                    position = end + 3
                } else if starts(with: "<!--") {
                    try skipComment()
                } else {
                    try closeTag(name)
                    break
                }
            } else if byte == UInt8(ascii: "&") {
                result.append(contentsOf: try reference())
            } else {
                result.append(byte)
                position += 1
            }
        }
        guard let string = String(validating: result, as: UTF8.self) else {
            throw fail("the text of <\(name)> is not valid UTF-8")
        }
        return string
    }

    private mutating func reference() throws(PropertyListError) -> [UInt8] {
        let start = position
        guard let end = bytes[position..<min(bytes.count, position + 12)].firstIndex(of: UInt8(ascii: ";")) else {
            throw fail("an '&' does not start a character reference; write &amp;")
        }
        let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "amp": return Array("&".utf8)
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default:
            var scalarValue: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalarValue = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                scalarValue = UInt32(name.dropFirst(), radix: 10)
            }
            guard let scalarValue, scalarValue != 0, let scalar = Unicode.Scalar(scalarValue) else {
                throw fail("'&\(name);' is not a character reference", at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Skips whitespace and comments.
    private mutating func skipMisc() throws(PropertyListError) {
        while true {
            skipWhitespace()
            if starts(with: "<!--") { try skipComment() } else { return }
        }
    }

    private mutating func skipComment() throws(PropertyListError) {
        guard let end = find("-->", from: position + 4) else { throw fail("a comment is not closed") }
        position = end + 3
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard position + pattern.count <= bytes.count else { return false }
        return bytes[position..<(position + pattern.count)].elementsEqual(pattern)
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        guard let first = pattern.first, start <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> PropertyListError {
        .malformedXML(offset: offset ?? position, reason: reason)
    }

    // MARK: Scalars

    static func integer(_ raw: String) -> Int64? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return Int64(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("-0x") || text.hasPrefix("-0X") { return Int64(text.dropFirst(3), radix: 16).map { -$0 } }
        return Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    static func real(_ raw: String) -> Double? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default:
            guard !text.isEmpty, text.count <= 64,
                  text.unicodeScalars.allSatisfy({ $0.isASCII && ("0123456789+-.eE".unicodeScalars.contains($0)) }) else { return nil }
            return Double(text)
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` into seconds since 2001-01-01 00:00:00 UTC.
    static func date(_ raw: String) -> Double? {
        let text = Array(raw.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
              text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = text[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Days from the civil date (proleptic Gregorian), then shift to the 2001 reference date.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let daysSince1970 = era * 146_097 + dayOfEra - 719_468
        let daysSince2001 = daysSince1970 - 11_323
        return Double(daysSince2001 * 86_400 + hour * 3_600 + minute * 60 + second)
    }
}

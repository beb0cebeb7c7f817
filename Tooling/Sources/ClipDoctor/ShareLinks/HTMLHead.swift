import Foundation

/// The tags of an HTML document's head that link previews and Safari read without running scripts:
/// `<title>`, `<meta name=…>`, `<meta property=…>` and `<link rel=…>`.
///
/// It reads the first HTML a server sends, as a crawler does: up to `</head>` or `<body>` (or the
/// end of the input), skipping comments and the contents of `<script>`, `<style>`, `<template>`,
/// `<noscript>` and `<textarea>`. Attribute values may be double-quoted, single-quoted or bare;
/// character references (`&amp;`, `&quot;`, `&#39;`, `&#x27;`, …) are decoded. Names compare in
/// lower case. Anything it does not understand is skipped, never an error. Input is capped at
/// ``HTMLHead/maximumBytes`` and each value at ``HTMLHead/maximumValueLength`` characters.
package struct HTMLHead: Sendable, Hashable, Codable {
    /// The most bytes read from a document.
    package static let maximumBytes = 512 * 1024
    /// The longest value kept, in characters.
    package static let maximumValueLength = 2048
    /// The most tags of each kind kept.
    package static let maximumTags = 256

    /// The text of the first `<title>`.
    package var title: String?
    /// `<meta name="…" content="…">` by lower-cased name (the first of each name).
    package var metaNames: [String: String] = [:]
    /// `<meta property="…" content="…">` by lower-cased property (the first of each).
    package var metaProperties: [String: String] = [:]
    /// `<link rel="…" href="…">` by lower-cased `rel` (the first of each).
    package var links: [String: String] = [:]

    /// Reads the head of `data` (UTF-8; invalid bytes are replaced).
    package init(reading data: Data) {
        let text = String(decoding: data.prefix(Self.maximumBytes), as: UTF8.self)
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        scanner.read(into: &self)
    }

    /// Creates an empty head.
    package init() {}

    /// The `content` of `<meta name="apple-itunes-app">`: the Smart App Banner.
    package var smartAppBanner: String? { metaNames["apple-itunes-app"] }

    /// The title a link preview shows: `og:title`, else `twitter:title`, else `<title>`.
    package var previewTitle: String? {
        metaProperties["og:title"] ?? metaNames["twitter:title"] ?? metaProperties["twitter:title"] ?? title
    }

    /// Walks the document's tags.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        static let rawTextElements: Set<String> = ["script", "style", "template", "noscript", "textarea", "xmp"]

        mutating func read(into head: inout HTMLHead) {
            var tagCount = 0
            while index < scalars.count {
                guard let open = nextIndex(of: "<", from: index) else { return }
                index = open + 1
                if starts(with: "!--") {
                    index = range(of: "-->", from: index + 3).map { $0 + 3 } ?? scalars.count
                    continue
                }
                if starts(with: "!") || starts(with: "?") {
                    index = nextIndex(of: ">", from: index).map { $0 + 1 } ?? scalars.count
                    continue
                }
                let closing = starts(with: "/")
                if closing { index += 1 }
                let name = readName()
                guard !name.isEmpty else { continue }
                tagCount += 1
                if tagCount > HTMLHead.maximumTags * 4 { return }
                if closing {
                    if name == "head" || name == "html" { return }
                    index = nextIndex(of: ">", from: index).map { $0 + 1 } ?? scalars.count
                    continue
                }
                if name == "body" { return }
                let attributes = readAttributes()
                switch name {
                case "meta":
                    guard let content = attributes["content"] else { break }
                    if let key = attributes["name"]?.lowercased(), head.metaNames[key] == nil, head.metaNames.count < HTMLHead.maximumTags {
                        head.metaNames[key] = content
                    }
                    if let key = attributes["property"]?.lowercased(), head.metaProperties[key] == nil, head.metaProperties.count < HTMLHead.maximumTags {
                        head.metaProperties[key] = content
                    }
                case "link":
                    if let rel = attributes["rel"]?.lowercased(), let href = attributes["href"], head.links[rel] == nil, head.links.count < HTMLHead.maximumTags {
                        head.links[rel] = href
                    }
                case "title":
                    let end = closingTag("title")
                    if head.title == nil {
                        head.title = Self.limited(Self.decoded(String(String.UnicodeScalarView(scalars[index..<end.start])))
                            .trimmingCharacters(in: .whitespacesAndNewlines))
                    }
                    index = end.after
                default:
                    if Self.rawTextElements.contains(name) { index = closingTag(name).after }
                }
            }
        }

        /// Where `</name` starts and where the text after its `>` starts (the end when there is none).
        func closingTag(_ name: String) -> (start: Int, after: Int) {
            var position = index
            let pattern = Array(("</" + name).unicodeScalars)
            while position + pattern.count <= scalars.count {
                if zip(pattern.indices, pattern).allSatisfy({ Self.lowered(scalars[position + $0.0]) == $0.1 }) {
                    let after = nextIndex(of: ">", from: position + pattern.count).map { $0 + 1 } ?? scalars.count
                    return (position, after)
                }
                position += 1
            }
            return (scalars.count, scalars.count)
        }

        mutating func readName() -> String {
            var name = String.UnicodeScalarView()
            while index < scalars.count, Self.isNameCharacter(scalars[index]) {
                name.append(Self.lowered(scalars[index]))
                index += 1
                if name.count > 64 { break }
            }
            return String(name)
        }

        /// Reads attributes up to the tag's `>`; the first of each name wins, values decoded.
        mutating func readAttributes() -> [String: String] {
            var attributes: [String: String] = [:]
            while index < scalars.count {
                skipSpace()
                guard index < scalars.count else { break }
                if scalars[index] == ">" { index += 1; break }
                if scalars[index] == "/" { index += 1; continue }
                var name = String.UnicodeScalarView()
                while index < scalars.count, !Self.isSpace(scalars[index]), !["=", ">", "/"].contains(scalars[index]) {
                    if name.count < 64 { name.append(Self.lowered(scalars[index])) }
                    index += 1
                }
                if name.isEmpty { index += 1; continue }
                skipSpace()
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    skipSpace()
                    value = readValue()
                }
                if attributes[String(name)] == nil, attributes.count < 64 {
                    attributes[String(name)] = Self.limited(Self.decoded(value))
                }
            }
            return attributes
        }

        mutating func readValue() -> String {
            guard index < scalars.count else { return "" }
            let quote = scalars[index]
            if quote == "\"" || quote == "'" {
                let end = nextIndex(of: quote, from: index + 1) ?? scalars.count
                let value = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                index = min(end + 1, scalars.count)
                return value
            }
            let start = index
            while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != ">" { index += 1 }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        mutating func skipSpace() {
            while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        }

        func starts(with text: String) -> Bool {
            let pattern = Array(text.unicodeScalars)
            guard index + pattern.count <= scalars.count else { return false }
            return zip(pattern.indices, pattern).allSatisfy { scalars[index + $0.0] == $0.1 }
        }

        func nextIndex(of scalar: Unicode.Scalar, from start: Int) -> Int? {
            var position = start
            while position < scalars.count {
                if scalars[position] == scalar { return position }
                position += 1
            }
            return nil
        }

        func range(of text: String, from start: Int) -> Int? {
            let pattern = Array(text.unicodeScalars)
            var position = start
            while position + pattern.count <= scalars.count {
                if zip(pattern.indices, pattern).allSatisfy({ scalars[position + $0.0] == $0.1 }) { return position }
                position += 1
            }
            return nil
        }

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }

        static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":")
        }

        static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }

        static func limited(_ text: String) -> String {
            text.count > HTMLHead.maximumValueLength ? String(text.prefix(HTMLHead.maximumValueLength)) : text
        }

        static let namedReferences: [String: Unicode.Scalar] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        ]

        /// `text` with its numeric character references and the named ones above decoded; other
        /// ampersands are kept as written.
        static func decoded(_ text: String) -> String {
            guard text.contains("&") else { return text }
            let scalars = Array(text.unicodeScalars)
            var result = String.UnicodeScalarView()
            var index = 0
            while index < scalars.count {
                guard scalars[index] == "&", let semicolon = scalars[index..<min(scalars.count, index + 12)].firstIndex(of: ";") else {
                    result.append(scalars[index])
                    index += 1
                    continue
                }
                let body = String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon]))
                var decoded: Unicode.Scalar?
                if body.hasPrefix("#x") || body.hasPrefix("#X") {
                    decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if body.hasPrefix("#") {
                    decoded = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                } else {
                    decoded = namedReferences[body]
                }
                if let decoded, decoded.value != 0 {
                    result.append(decoded)
                    index = semicolon + 1
                } else {
                    result.append(scalars[index])
                    index += 1
                }
            }
            return String(result)
        }
    }
}

@_spi(ClipKitTooling) import ClipKit

/// The parts of a URL that AASA patterns look at, as the URL carries them (percent-encoded).
///
/// The URL is split by hand rather than through `URLComponents`, whose treatment of characters a
/// URL may not hold differs between platforms: the matcher must answer the same everywhere.
/// Characters a URL cannot carry as they are (spaces, non-ASCII, `"<>\^`{|}`, a `%` that starts
/// no escape) are percent-encoded first, with upper-case hex, as iOS writes a URL before it
/// matches it; escapes already present are kept as written.
package struct URLParts: Sendable, Hashable {
    /// The host, lower-cased, without user information or port; `nil` for a bare path.
    package let host: String?
    /// The path as written; empty when the URL has none.
    package let path: String
    /// The query without `?`; empty when there is none.
    package let query: String
    /// The fragment without `#`; empty when there is none.
    package let fragment: String
    /// The query items as written: split at `&` (empty items dropped), the name before the first `=`.
    package let queryItems: [QueryItem]

    /// One `name=value` item of the query, as written.
    package struct QueryItem: Sendable, Hashable {
        package let name: String
        package let value: String
    }

    /// Splits `text`: an absolute URL (`scheme://authority/path?query#fragment`) or a path that
    /// starts with `/`. Returns `nil` for anything else.
    package init?(_ text: String) {
        var rest = Substring(text)
        var host: String?
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), rest[colon...].utf8.starts(with: "://".utf8) {
            let scheme = rest.utf8[..<colon]
            guard !scheme.isEmpty, scheme.allSatisfy(URLParts.isSchemeByte) else { return nil }
            rest = rest[rest.utf8.index(colon, offsetBy: 3)...]
            let authorityEnd = rest.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
            guard authorityEnd > rest.startIndex else { return nil }
            host = URLParts.host(of: rest[..<authorityEnd])
            guard host?.isEmpty == false else { return nil }
            rest = rest[authorityEnd...]
        } else if rest.utf8.first != UInt8(ascii: "/") {
            return nil
        }
        self.host = host
        var fragment: Substring = ""
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = rest[rest.utf8.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring = ""
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: mark)...]
            rest = rest[..<mark]
        }
        path = URLParts.encodingWhatAURLCannotHold(rest, keeping: "/")
        self.query = URLParts.encodingWhatAURLCannotHold(query, keeping: "/?")
        self.fragment = URLParts.encodingWhatAURLCannotHold(fragment, keeping: "/?")
        queryItems = self.query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let equals = item.firstIndex(of: "=") {
                return QueryItem(name: String(item[..<equals]), value: String(item[item.index(after: equals)...]))
            }
            return QueryItem(name: String(item), value: "")
        }
    }

    /// The host of an authority: without `user@`, without `:port`, lower-cased.
    package static func host(of authority: Substring) -> String {
        var text = authority
        if let at = text.lastIndex(of: "@") { text = text[text.index(after: at)...] }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[...close]).lowercased()
        }
        if let colon = text.lastIndex(of: ":") { text = text[..<colon] }
        return String(text).lowercased()
    }

    package static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// Whether a URL part can carry `scalar` as it is: the unreserved and reserved characters
    /// (minus the delimiters that end the part) and `%` starting an escape.
    package static func canCarry(_ scalar: Unicode.Scalar, inPartKeeping delimiters: String) -> Bool {
        if PatternSymbol.isUnreserved(scalar) || scalar == "%" { return true }
        if scalar == "?" || scalar == "#" { return delimiters.unicodeScalars.contains(scalar) }
        return PatternSymbol.isReserved(scalar)
    }

    /// The part with every character it cannot carry percent-encoded (UTF-8, upper-case hex), and
    /// every `%` that does not start an escape written `%25`.
    package static func encodingWhatAURLCannotHold(_ part: Substring, keeping delimiters: String) -> String {
        let scalars = Array(part.unicodeScalars)
        var result = ""
        result.unicodeScalars.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "%" {
                let startsEscape = index + 2 < scalars.count && Hex.digitValue(scalars[index + 1]) != nil && Hex.digitValue(scalars[index + 2]) != nil
                result += startsEscape ? "%" : "%25"
            } else if canCarry(scalar, inPartKeeping: delimiters) {
                result.unicodeScalars.append(scalar)
            } else {
                result += PercentEncoding.escape(scalar)
            }
        }
        return result
    }

    /// A URL path as AASA path patterns see it: one leading `/` (a leading run of slashes counts
    /// as one), no trailing slashes; the home page is the empty string.
    package static func normalizedPath(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars[...]
        while scalars.first == "/" { scalars = scalars.dropFirst() }
        while scalars.last == "/" { scalars = scalars.dropLast() }
        return scalars.isEmpty ? "" : "/" + String(String.UnicodeScalarView(scalars))
    }

    /// The URL's parts as symbols, computed once per combination of options while one URL is
    /// matched against many components.
    package struct SymbolCache {
        package let parts: URLParts
        private var paths: [AASAMatchingOptions: [PatternSymbol]] = [:]
        private var queries: [AASAMatchingOptions: [PatternSymbol]] = [:]
        private var fragments: [AASAMatchingOptions: [PatternSymbol]] = [:]

        package init(_ parts: URLParts) {
            self.parts = parts
        }

        package mutating func path(_ options: AASAMatchingOptions) -> [PatternSymbol] {
            if let known = paths[options] { return known }
            let text = options.percentEncoded ? parts.path : Symbolizer.percentDecoded(Substring(parts.path))
            let symbols = URLParts.symbols(of: URLParts.normalizedPath(text), options: options)
            paths[options] = symbols
            return symbols
        }

        package mutating func query(_ options: AASAMatchingOptions) -> [PatternSymbol] {
            if let known = queries[options] { return known }
            let symbols = URLParts.symbols(of: URLParts.compared(parts.query, options), options: options)
            queries[options] = symbols
            return symbols
        }

        package mutating func fragment(_ options: AASAMatchingOptions) -> [PatternSymbol] {
            if let known = fragments[options] { return known }
            let symbols = URLParts.symbols(of: URLParts.compared(parts.fragment, options), options: options)
            fragments[options] = symbols
            return symbols
        }
    }

    /// A part as it is compared: as written with `percentEncoded`, decoded without it.
    package static func compared(_ part: String, _ options: AASAMatchingOptions) -> String {
        options.percentEncoded ? part : Symbolizer.percentDecoded(Substring(part))
    }

    /// The symbols of text compared as it is, folded when matching ignores case.
    package static func symbols(of text: String, options: AASAMatchingOptions) -> [PatternSymbol] {
        Symbolizer.symbols(ofDecoded: Substring(text), folding: !options.caseSensitive)
    }
}

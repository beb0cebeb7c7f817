/// The parts of a URL that AASA patterns look at, as the URL carries them (percent-encoded).
///
/// The URL is split by hand rather than through `URLComponents`, whose treatment of characters a
/// URL may not hold differs between platforms: the matcher must answer the same everywhere.
struct URLParts: Sendable, Hashable {
    /// The path, `/` when the URL has none.
    let path: Substring
    /// The query without `?`; empty when there is none.
    let query: Substring
    /// The fragment without `#`; empty when there is none.
    let fragment: Substring
    /// The query items: names percent-decoded, values as written.
    let queryItems: [(name: String, value: Substring)]

    static func == (left: URLParts, right: URLParts) -> Bool {
        left.path == right.path && left.query == right.query && left.fragment == right.fragment
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(query)
        hasher.combine(fragment)
    }

    /// Splits `text`: an absolute URL (`scheme://authority/path?query#fragment`) or a path that
    /// starts with `/`. Returns `nil` for anything else.
    ///
    /// The delimiters are ASCII, so the text is scanned as UTF-8 (fast, and independent of
    /// grapheme clustering).
    init?(_ text: String) {
        var rest = Substring(text)
        let bytes = rest.utf8
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), rest[colon...].utf8.starts(with: "://".utf8) {
            let scheme = rest.utf8[..<colon]
            guard !scheme.isEmpty, scheme.allSatisfy(URLParts.isSchemeByte) else { return nil }
            rest = rest[rest.utf8.index(colon, offsetBy: 3)...]
            let authorityEnd = rest.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
            guard authorityEnd > rest.startIndex else { return nil }
            rest = rest[authorityEnd...]
        } else if rest.utf8.first != UInt8(ascii: "/") {
            return nil
        }
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
        path = rest.isEmpty ? "/" : rest
        self.query = query
        self.fragment = fragment
        queryItems = query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { itemBytes in
            let item = Substring(itemBytes)
            if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
                return (Symbolizer.percentDecoded(item[..<equals]), item[item.utf8.index(after: equals)...])
            }
            return (Symbolizer.percentDecoded(item), item[item.endIndex...])
        }
    }

    static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// The URL's parts as symbols, computed once per combination of options while one URL is
    /// matched against many components.
    struct SymbolCache {
        let parts: URLParts
        private var paths: [AASAMatchingOptions: [PatternSymbol]] = [:]
        private var queries: [AASAMatchingOptions: [PatternSymbol]] = [:]
        private var fragments: [AASAMatchingOptions: [PatternSymbol]] = [:]

        init(_ parts: URLParts) {
            self.parts = parts
        }

        mutating func path(_ options: AASAMatchingOptions) -> [PatternSymbol] {
            if let known = paths[options] { return known }
            let symbols = URLParts.symbols(of: parts.path, options: options)
            paths[options] = symbols
            return symbols
        }

        mutating func query(_ options: AASAMatchingOptions) -> [PatternSymbol] {
            if let known = queries[options] { return known }
            let symbols = URLParts.symbols(of: parts.query, options: options)
            queries[options] = symbols
            return symbols
        }

        mutating func fragment(_ options: AASAMatchingOptions) -> [PatternSymbol] {
            if let known = fragments[options] { return known }
            let symbols = URLParts.symbols(of: parts.fragment, options: options)
            fragments[options] = symbols
            return symbols
        }
    }

    /// The symbols of a part, for the given options.
    static func symbols(of part: Substring, options: AASAMatchingOptions) -> [PatternSymbol] {
        let folding = !options.caseSensitive
        if options.percentEncoded { return Symbolizer.symbols(ofEncoded: part, folding: folding) }
        return Symbolizer.symbols(ofDecoded: Substring(Symbolizer.percentDecoded(part)), folding: folding)
    }
}

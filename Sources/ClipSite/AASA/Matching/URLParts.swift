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
    init?(_ text: String) {
        var rest = Substring(text)
        if let schemeEnd = rest.range(of: "://") {
            let scheme = rest[..<schemeEnd.lowerBound]
            guard !scheme.isEmpty, scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "+-.0123456789".unicodeScalars.contains($0)) }) else {
                return nil
            }
            rest = rest[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            guard authorityEnd > rest.startIndex else { return nil }
            rest = rest[authorityEnd...]
        } else if !rest.hasPrefix("/") {
            return nil
        }
        var fragment: Substring = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        path = rest.isEmpty ? "/" : rest
        self.query = query
        self.fragment = fragment
        queryItems = query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let equals = item.firstIndex(of: "=") {
                return (Symbolizer.percentDecoded(item[..<equals]), item[item.index(after: equals)...])
            }
            return (Symbolizer.percentDecoded(item), item[item.endIndex...])
        }
    }

    /// The symbols of a part, for the given options.
    static func symbols(of part: Substring, options: AASAMatchingOptions) -> [PatternSymbol] {
        let folding = !options.caseSensitive
        if options.percentEncoded { return Symbolizer.symbols(ofEncoded: part, folding: folding) }
        return Symbolizer.symbols(ofDecoded: Substring(Symbolizer.percentDecoded(part)), folding: folding)
    }
}

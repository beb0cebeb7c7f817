@_spi(ClipKitTooling) import ClipKit

/// Checks a request before anything else looks at it, and names the 4xx it gets when it fails.
///
/// Nothing here reads files, so traversal could not reach the disk anyway; such paths are still
/// refused outright so that no cache, log or page ever sees them.
package enum RequestScreening {
    /// Why a request was refused.
    package enum Refusal: Sendable, Hashable {
        /// Not GET or HEAD: 405.
        case methodNotAllowed
        /// The request target is longer than the cap: 414.
        case targetTooLong
        /// The headers are larger than the cap: 431.
        case headersTooLarge
        /// An HTTP/1.1 request without a `Host` header, or any request with more than one or with a
        /// malformed one: 400 (RFC 9112, section 3.2).
        case badHost
        /// Traversal, encoded slashes, control characters or bad percent-encoding in the path: 400.
        case badPath
    }

    /// The refusal for `request`, or `nil` when it may be answered; `path` is the target without its query.
    package static func refusal(of request: IncomingRequest, path: Substring, limits: RequestLimits) -> Refusal? {
        guard request.method == .get || request.method == .head else { return .methodNotAllowed }
        if request.target.utf8.count > limits.maximumTargetLength { return .targetTooLong }
        if request.headerBytes > limits.maximumHeaderBytes { return .headersTooLarge }
        if !hasAcceptableHost(request) { return .badHost }
        return isAcceptable(path: path) ? nil : .badPath
    }

    /// Whether the request's `Host` header follows RFC 9112, section 3.2: exactly one in HTTP/1.1
    /// (at most one in HTTP/1.0), and its value an authority (a host and an optional port, or empty).
    static func hasAcceptableHost(_ request: IncomingRequest) -> Bool {
        if request.hostFieldCount > 1 { return false }
        if request.hostFieldCount == 0 { return !request.requiresHost }
        return request.host.map(authorityCharacters.containsAll) ?? false
    }

    /// The characters an authority may have (RFC 3986: unreserved, percent-encoded, sub-delims,
    /// `:`, `[`, `]`).
    private static let authorityCharacters = ASCIISet("-._~%!$&'()*+,;=:[]", letters: true, digits: true)

    /// Whether a percent-encoded path is one a link domain serves: starts with `/`, printable
    /// ASCII only, no backslash, valid percent-encoding that decodes to no `/`, `\`, NUL or
    /// control character, and no `.` or `..` segment before or after decoding.
    package static func isAcceptable(path: Substring) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        var segmentStart = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\\") { return false }
            if byte == UInt8(ascii: "%") {
                let high = bytes.index(after: index)
                guard high != bytes.endIndex else { return false }
                let low = bytes.index(after: high)
                guard low != bytes.endIndex, let value = Hex.byte(high: bytes[high], low: bytes[low]) else { return false }
                if value < 0x20 || value == 0x7F || value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") { return false }
            }
            if byte == UInt8(ascii: "/") {
                if !isAcceptable(segment: path[segmentStart..<index]) { return false }
                segmentStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        return isAcceptable(segment: path[segmentStart..<bytes.endIndex])
    }

    /// Whether a raw segment is anything but `.` or `..`, written plainly or as `%2e`.
    private static func isAcceptable(segment: Substring) -> Bool {
        let bytes = segment.utf8
        var dots = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: ".") {
                index = bytes.index(after: index)
            } else if bytes[index] == UInt8(ascii: "%"),
                      let two = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex), two != bytes.endIndex,
                      let letter = bytes.index(index, offsetBy: 2, limitedBy: bytes.endIndex), letter != bytes.endIndex,
                      bytes[two] == UInt8(ascii: "2"), bytes[letter] | 0x20 == UInt8(ascii: "e") {
                index = bytes.index(after: letter)
            } else {
                return true
            }
            dots += 1
            if dots > 2 { return true }
        }
        return dots == 0
    }
}

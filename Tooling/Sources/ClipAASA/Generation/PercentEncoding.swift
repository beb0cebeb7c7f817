@_spi(ClipKitTooling) import ClipKit

/// Percent-encoding for the URLs and patterns ClipKit writes.
enum PercentEncoding {
    /// Characters kept as they are in a path segment: unreserved, sub-delims, `:` and `@`.
    static func isPathSegmentCharacter(_ scalar: Unicode.Scalar) -> Bool {
        PatternSymbol.isUnreserved(scalar) || "!$&'()*+,;=:@".unicodeScalars.contains(scalar)
    }

    /// A decoded path segment written for a URL.
    static func urlSegment(_ decoded: String) -> String {
        var result = ""
        for scalar in decoded.unicodeScalars {
            if isPathSegmentCharacter(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += escape(scalar)
            }
        }
        return result
    }

    /// A decoded literal path segment written for an AASA pattern: like ``urlSegment(_:)``, but the
    /// pattern syntax characters `*`, `?` and `$` become `?`, which matches that one character.
    static func patternLiteral(_ decoded: String) -> String {
        var result = ""
        for scalar in decoded.unicodeScalars {
            if scalar == "*" || scalar == "?" || scalar == "$" {
                result += "?"
            } else if isPathSegmentCharacter(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += escape(scalar)
            }
        }
        return result
    }

    static func escape(_ scalar: Unicode.Scalar) -> String {
        var result = ""
        for byte in String(scalar).utf8 {
            result += "%" + Hex.encode([byte], uppercase: true)
        }
        return result
    }
}

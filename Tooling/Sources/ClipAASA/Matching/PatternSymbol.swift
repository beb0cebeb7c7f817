import ClipKit

/// One character of a URL part or a pattern, as the matcher compares them.
///
/// Percent-escapes are decoded into the characters they stand for, so `?` always matches one
/// character and `%41` equals `A`. What stays visible is whether a character was escaped, because
/// for reserved characters that changes the URL's meaning (`%2F` is not a path separator). The flag
/// is normalized: unreserved characters (`A-Z a-z 0-9 - . _ ~`) never count as escaped, characters
/// that a URL can only carry escaped (spaces, non-ASCII, `"<>\^`{|}`) always do.
struct PatternSymbol: Hashable, Sendable {
    /// The character.
    var scalar: Unicode.Scalar
    /// Whether the URL carries it percent-encoded.
    var escaped: Bool

    /// What the escape flag of `scalar` must be, or `nil` for reserved characters, whose flag
    /// depends on how the URL was written.
    static func canonicalEscapeFlag(of scalar: Unicode.Scalar) -> Bool? {
        if isUnreserved(scalar) { return false }
        if isReserved(scalar) { return nil }
        return true
    }

    static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: return true
        default: return scalar == "-" || scalar == "." || scalar == "_" || scalar == "~"
        }
    }

    static func isReserved(_ scalar: Unicode.Scalar) -> Bool {
        ":/?#[]@!$&'()*+,;=".unicodeScalars.contains(scalar)
    }

    /// The character compared without regard to case.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        if lower.count == 1, let only = lower.first { return only }
        return scalar
    }

    /// Whether the character has other case forms (so a case-insensitive literal stands for several).
    static func hasCaseVariants(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.changesWhenCaseMapped
    }
}

/// Turns URL parts and pattern literals into symbols.
enum Symbolizer {
    /// The symbols of percent-encoded text: escapes decoded (as UTF-8; bytes that are not valid
    /// UTF-8 become private-use characters), flags normalized.
    static func symbols(ofEncoded text: Substring, folding: Bool) -> [PatternSymbol] {
        let scalars = Array(text.unicodeScalars)
        var result: [PatternSymbol] = []
        result.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%", index + 2 < scalars.count,
               let high = Hex.digitValue(scalars[index + 1]), let low = Hex.digitValue(scalars[index + 2]) {
                var bytes: [UInt8] = [high << 4 | low]
                index += 3
                while index + 2 < scalars.count, scalars[index] == "%",
                      let nextHigh = Hex.digitValue(scalars[index + 1]), let nextLow = Hex.digitValue(scalars[index + 2]) {
                    bytes.append(nextHigh << 4 | nextLow)
                    index += 3
                }
                for scalar in decodeEscapedBytes(bytes) {
                    let escaped = !PatternSymbol.isUnreserved(scalar)
                    result.append(PatternSymbol(scalar: folding ? PatternSymbol.folded(scalar) : scalar, escaped: escaped))
                }
                continue
            }
            let scalar = scalars[index]
            let flag = PatternSymbol.canonicalEscapeFlag(of: scalar) ?? false
            result.append(PatternSymbol(scalar: folding ? PatternSymbol.folded(scalar) : scalar, escaped: flag))
            index += 1
        }
        return result
    }

    /// The symbols of text compared as it is (no escapes): every flag is `false`.
    static func symbols(ofDecoded text: Substring, folding: Bool) -> [PatternSymbol] {
        text.unicodeScalars.map { PatternSymbol(scalar: folding ? PatternSymbol.folded($0) : $0, escaped: false) }
    }

    /// Percent-decodes text, leaving malformed escapes as they are and replacing invalid UTF-8.
    static func percentDecoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let byte = Hex.byte(high: utf8[index + 1], low: utf8[index + 2]) {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func decodeEscapedBytes(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var position = 0
        while position < bytes.count {
            var decoder = UTF8()
            var remaining = bytes[position...].makeIterator()
            switch decoder.decode(&remaining) {
            case .scalarValue(let scalar):
                result.append(scalar)
                position += UTF8.width(scalar)
            case .error, .emptyInput:
                // Not UTF-8: one private-use character per byte keeps distinct bytes distinct.
                result.append(Unicode.Scalar(0x10FF00 + UInt32(bytes[position])) ?? "\u{FFFD}")
                position += 1
            }
        }
        return result
    }
}

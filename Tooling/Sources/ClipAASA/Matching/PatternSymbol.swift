@_spi(ClipKitTooling) import ClipKit

/// One character of a URL part or a pattern, as the matcher compares them.
///
/// Nothing is decoded here: with `percentEncoded` the URL's parts are compared as written (an
/// escape such as `%20` is three characters), without it they are decoded before they become
/// symbols (see `URLParts`). Patterns are always compared as written.
package struct PatternSymbol: Hashable, Sendable {
    /// The character.
    package var scalar: Unicode.Scalar

    package init(scalar: Unicode.Scalar) {
        self.scalar = scalar
    }

    package static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: return true
        default: return scalar == "-" || scalar == "." || scalar == "_" || scalar == "~"
        }
    }

    package static func isReserved(_ scalar: Unicode.Scalar) -> Bool {
        ":/?#[]@!$&'()*+,;=".unicodeScalars.contains(scalar)
    }

    /// The character compared without regard to case.
    package static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        if lower.count == 1, let only = lower.first { return only }
        return scalar
    }

    /// Whether the character has other case forms (so a case-insensitive literal stands for several).
    package static func hasCaseVariants(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.changesWhenCaseMapped
    }
}

/// Turns URL parts and pattern literals into symbols.
package enum Symbolizer {
    /// The symbols of text compared as it is, folded when matching ignores case.
    package static func symbols(ofDecoded text: Substring, folding: Bool) -> [PatternSymbol] {
        text.unicodeScalars.map { PatternSymbol(scalar: folding ? PatternSymbol.folded($0) : $0) }
    }

    /// Percent-decodes text, leaving malformed escapes as they are and replacing invalid UTF-8.
    package static func percentDecoded(_ text: Substring) -> String {
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
}

/// Untrusted text made safe to hand to a template engine that escapes HTML character by character.
///
/// swift-mustache escapes `<`, `>`, `&`, `"` and `'` when a `Character` equals one of them. A
/// character is a grapheme cluster, so `"` followed by a combining mark (U+0301) or preceded by a
/// prepended mark (U+0600) is a single `Character` that the engine does not recognise, and the
/// quote would reach the page raw. ``sanitized(_:maximumLength:)`` removes every scalar that shares
/// a grapheme cluster with one of those five, drops control and bidirectional-override scalars,
/// and caps the length, so `{{value}}` is always escaped completely.
package enum TemplateText {
    /// The scalars that HTML escaping must always see as characters of their own.
    static let markupScalars: Set<Unicode.Scalar> = ["<", ">", "&", "\"", "'"]

    /// Scalars that reorder or hide text (bidirectional overrides and isolates).
    static let directionalControls: ClosedRange<UInt32> = 0x202A...0x202E
    static let directionalIsolates: ClosedRange<UInt32> = 0x2066...0x2069

    /// Returns `text` cleaned for a template: markup scalars stand alone, no control characters
    /// (line breaks and tabs become spaces), no bidirectional overrides, at most `maximumLength`
    /// characters (an ellipsis marks a cut).
    package static func sanitized(_ text: String, maximumLength: Int = 500) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                scalars.append(" ")
            } else if isDropped(scalar) {
                continue
            } else {
                scalars.append(scalar)
            }
        }
        var result = separatingMarkup(String(scalars))
        if result.count > maximumLength {
            result = String(result.prefix(max(0, maximumLength - 1))) + "…"
            result = separatingMarkup(result)
        }
        return result
    }

    /// Whether ``sanitized(_:maximumLength:)`` drops `scalar`: control characters (other than the
    /// line breaks and tabs it turns into spaces), bidirectional overrides and isolates, and U+FEFF.
    package static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || directionalControls.contains(scalar.value) || directionalIsolates.contains(scalar.value)
            || scalar.value == 0xFEFF
    }

    /// Removes the other scalars of every grapheme cluster that holds a markup scalar, until
    /// each markup scalar is a `Character` of its own.
    static func separatingMarkup(_ text: String) -> String {
        var current = text
        // Removing scalars can only join clusters that were apart; two passes settle in practice,
        // the bound keeps a pathological input from looping.
        for _ in 0..<8 {
            var changed = false
            var rebuilt = String.UnicodeScalarView()
            for character in current {
                let scalars = character.unicodeScalars
                if scalars.count > 1, scalars.contains(where: { markupScalars.contains($0) }) {
                    rebuilt.append(contentsOf: scalars.filter { markupScalars.contains($0) })
                    changed = true
                } else {
                    rebuilt.append(contentsOf: scalars)
                }
            }
            current = String(rebuilt)
            if !changed { return current }
        }
        return String(current.unicodeScalars.filter { $0.isASCII && !markupScalars.contains($0) }.map(Character.init))
    }

    /// Escapes `text` for HTML or XML (an SVG file) text and quoted attribute values, scalar by scalar.
    ///
    /// Used where ClipKit writes HTML or SVG itself rather than through a template. A scalar that
    /// XML 1.0 allows in no document, escaped or not (a C0 control other than tab, line feed and
    /// carriage return; U+FFFE; U+FFFF), becomes U+FFFD, so the result is always well-formed.
    package static func escapedForHTML(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

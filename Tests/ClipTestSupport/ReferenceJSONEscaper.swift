import Foundation

/// What JSON — and NIP-01's serialization for event ids — requires of a string, written out one
/// character at a time: the plain reference that ClipKit's word-at-a-time escaper is checked
/// against. `"` and `\` and the characters below U+0020 are escaped (`\b \t \n \f \r` in their
/// short forms, the others as lowercase `\u00xx`); everything else, `/` included, stays as it is.
public enum ReferenceJSONEscaper {
    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    output += String(format: "\\u%04x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

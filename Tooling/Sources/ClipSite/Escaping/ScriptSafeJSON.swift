import ClipKit
import Foundation

/// JSON that can be placed inside an HTML `<script>` element.
///
/// Inside a script element the HTML parser looks only for `</script` (and `<!--`), so the JSON
/// text must not contain `<` at all; `>` and `&` are escaped too, and U+2028 / U+2029, which end
/// lines in older JavaScript. Every one becomes a `\uXXXX` escape, which JSON parsers read back
/// as the same character.
public enum ScriptSafeJSON {
    /// Serialises `value` (keys sorted, so output is deterministic) and escapes it for a script element.
    public static func serialized(_ value: JSONValue) -> String {
        escaped(String(decoding: value.serialized(), as: UTF8.self))
    }

    /// Escapes JSON text for a script element.
    public static func escaped(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

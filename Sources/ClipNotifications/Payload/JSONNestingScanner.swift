/// Measures how deeply a JSON text nests arrays and objects, without parsing it.
///
/// The parser runs this before decoding, so a payload such as `[[[[…]]]]` is refused in one linear
/// pass instead of driving a recursive decoder thousands of frames deep.
enum JSONNestingScanner {
    /// Whether `bytes` nests arrays and objects at most `limit` deep (brackets inside strings do
    /// not count). Malformed JSON may pass; the decoder rejects it afterwards.
    static func nesting<Bytes: Sequence<UInt8>>(of bytes: Bytes, isAtMost limit: Int) -> Bool {
        var depth = 0
        var insideString = false
        var escaped = false
        for byte in bytes {
            if insideString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    insideString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                insideString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
        }
        return true
    }
}

/// Bytes that make JSON interesting when a fuzz test splices them into a valid document.
public enum JSONFuzzTokens {
    /// The tokens, as bytes: JSON punctuation and literals, escapes, member names that strict
    /// decoders look for, and invalid or truncated UTF-8.
    public static let all: [[UInt8]] = [
        "{", "}", "[", "]", "\"", ",", ":", "\\", "\\u", "\\ud800", "null", "true", "1e999", "-0", "00",
        "\"schema\":", "\"payload\":", "\"action\":", "\"store\"", "\"present\"", "{\"a\":1}", " ", "\n", "\u{0}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0xA0, 0x80]]
}

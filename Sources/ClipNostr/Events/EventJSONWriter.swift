@_spi(ClipKitTooling) import ClipKit

/// Writes a Nostr event's JSON in NIP-01's exact form: the array whose SHA-256 is the event id, and
/// the event object. No whitespace; strings escaped by `JSONString` (ClipKit) with no further
/// escapes (the seven short escapes, other characters below U+0020 as lowercase `\u00xx`, and
/// everything else — `/`, U+2028, emoji, U+007F — as UTF-8).
///
/// Foundation's `JSONEncoder` escapes `/` and so gives wrong ids; this writer and the escaper it uses
/// are the only places that decide how an id's bytes look.
struct EventJSONWriter {
    private(set) var bytes: [UInt8]

    init(estimatedSize: Int = 256) {
        bytes = []
        bytes.reserveCapacity(estimatedSize)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendInteger(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends tags as an array of arrays of strings.
    mutating func appendTags(_ tags: [[String]]) {
        bytes.append(UInt8(ascii: "["))
        for (tagIndex, tag) in tags.enumerated() {
            if tagIndex > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            for (elementIndex, element) in tag.enumerated() {
                if elementIndex > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(element)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `text` as a quoted, escaped JSON string.
    mutating func appendString(_ text: String) {
        JSONString.append(text, to: &bytes)
    }
}

@_spi(ClipKitTooling) import ClipKit

/// Strong entity tags for fixed response bodies, and `If-None-Match` matching.
package enum EntityTag {
    /// A quoted tag from the bytes' 64-bit FNV-1a hash and length.
    package static func of<Bytes: Sequence>(_ bytes: Bytes, count: Int) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hashBytes = withUnsafeBytes(of: hash.bigEndian) { Array($0) }
        return "\"" + Hex.encode(hashBytes) + "-" + String(count, radix: 16) + "\""
    }

    /// Whether an `If-None-Match` header value names `tag` (or is `*`), comparing weakly as RFC 9110 says.
    package static func header(_ value: String, matches tag: String) -> Bool {
        guard value.utf8.count <= 4096 else { return false }
        for candidate in value.split(separator: ",") {
            var item = candidate.trimmingCharacters(in: " \t")
            if item == "*" { return true }
            if item.hasPrefix("W/") { item.removeFirst(2) }
            if item == tag { return true }
        }
        return false
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}

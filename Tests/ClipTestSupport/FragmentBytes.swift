import Foundation

/// The bytes of a signed share link's fragment (unpadded base64url), so tests can change one of
/// them, cut it or add to it, without going through the encoder under test.
public enum FragmentBytes {
    /// The bytes `text` encodes (without `#`); empty when it is not base64url.
    public static func decode(_ text: String) -> [UInt8] {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map { Array($0) } ?? []
    }

    /// `bytes` as unpadded base64url.
    public static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `link`'s fragment.
    public static func layout(of link: String) -> [UInt8] {
        decode(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? "")
    }

    /// `link` without its fragment, carrying `bytes` instead.
    public static func link(_ link: String, carrying bytes: [UInt8]) -> String {
        (link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? link) + "#" + encode(bytes)
    }

    /// Where `needle` first occurs in `bytes`.
    public static func offset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    /// Where the 64-byte signature starts in a version-1 layout whose `created_at` is `createdAt`
    /// and whose kind is below 128: after the version, the key, created_at (unsigned LEB128) and the kind.
    public static func signatureOffset(createdAt: Int) -> Int {
        var length = 1
        var rest = UInt64(max(0, createdAt)) >> 7
        while rest > 0 {
            length += 1
            rest >>= 7
        }
        return 1 + 32 + length + 1
    }
}

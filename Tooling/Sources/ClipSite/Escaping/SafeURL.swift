@_spi(ClipKitTooling) import ClipKit
import Foundation

/// URLs that may be placed in `src`, `href` and `og:image`: `https` only, checked and re-encoded.
///
/// Kind-0 profiles are written by anyone, so a picture URL may be `javascript:alert(1)`, a
/// `data:` URL, or text built to break out of an attribute. ``https(_:)`` accepts only an
/// absolute `https` URL with a host and no user or password, at most ``maximumLength``
/// characters, and returns it re-serialised with every character outside the URL grammar
/// percent-encoded, so quotes and angle brackets can never appear in it.
package enum SafeURL {
    /// The longest URL accepted.
    package static let maximumLength = 2048

    /// Characters left as they are in a re-encoded URL; everything else is percent-encoded.
    static let allowedCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&()*+,;=%"
    )

    /// The URL as safe text when `text` is an acceptable `https` URL, otherwise `nil`.
    package static func https(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= maximumLength else { return nil }
        guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { return nil }
        guard trimmed.lowercased().hasPrefix("https://"), hasValidPercentEscapes(trimmed) else { return nil }
        guard let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: allowedCharacters),
              let components = URLComponents(string: encoded),
              components.scheme?.lowercased() == "https",
              let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil
        else { return nil }
        guard host.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-") })
        else { return nil }
        guard let url = components.url?.absoluteString, url.lowercased().hasPrefix("https://") else { return nil }
        return url
    }

    /// Whether every `%` starts a two-hex-digit escape ("%" is kept so existing escapes survive).
    static func hasValidPercentEscapes(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count,
                      Hex.byte(high: bytes[index + 1], low: bytes[index + 2]) != nil else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    /// Percent-encodes one path segment so that only unreserved characters remain.
    package static func encodedPathSegment(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: unreservedCharacters) ?? ""
    }

    static let unreservedCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
    )
}

import ClipKit
import Foundation

/// The rules that turn one untrusted profile member into a field value, or into nothing.
struct ProfileFieldReader {
    let limits: ProfileLimits

    /// A name for one line: trimmed, control and bidirectional-override characters removed,
    /// line breaks turned into spaces, cut to the name limit; `nil` when empty or not a string.
    func singleLine(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                scalars.append(" ")
            } else if !Self.isInvisibleControl(scalar) {
                scalars.append(scalar)
            }
        }
        return trimmedAndCut(String(scalars), maximumLength: limits.maximumNameLength)
    }

    /// Free text: control characters other than line breaks and tabs removed, cut to `maximumLength`.
    func text(_ value: JSONValue?, maximumLength: Int) -> String? {
        guard let text = value?.stringValue else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar == "\n" || scalar == "\t" || !Self.isInvisibleControl(scalar) {
            scalars.append(scalar)
        }
        return trimmedAndCut(String(scalars), maximumLength: maximumLength)
    }

    /// An `https` URL with a host, no credentials, within the URL limit; `nil` otherwise.
    func secureURL(_ value: JSONValue?) -> URL? {
        guard let text = value?.stringValue?.trimmingCharacters(in: .whitespaces),
              !text.isEmpty, text.utf8.count <= limits.maximumURLBytes,
              text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !Self.isInvisibleControl($0) }),
              var components = URLComponents(string: text),
              components.scheme?.lowercased() == "https",
              let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil else { return nil }
        components.scheme = "https"
        return components.url
    }

    /// An identifier of the form `local@domain` or `domain` (NIP-05, Lightning addresses):
    /// no spaces or control characters, at most one `@`, a dotted domain; `nil` otherwise.
    func identifier(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue, !text.isEmpty, text.count <= limits.maximumIdentifierLength,
              text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !Self.isInvisibleControl($0) }) else {
            return nil
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }), let written = parts.last else { return nil }
        // A port (`name@127.0.0.1:8443`, a local server's) is kept, as NIP05Address reads it.
        let hostAndPort = written.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let domain = hostAndPort[0]
        if hostAndPort.count == 2 {
            let port = hostAndPort[1]
            guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."),
              !domain.contains("/"), !domain.contains(":") else { return nil }
        return text
    }

    private func trimmedAndCut(_ text: String, maximumLength: Int) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count <= maximumLength ? trimmed : String(trimmed.prefix(maximumLength))
    }

    /// C0 and C1 control characters and the bidirectional embedding, override and isolate
    /// characters, which can make a name read as another.
    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

import Foundation

/// The syntax rules for manifest fields, shared by the validator and other checks.
public enum FieldRules {
    /// Whether `value` is an Apple team ID: ten upper-case ASCII letters or digits.
    public static func isTeamID(_ value: String) -> Bool {
        value.unicodeScalars.count == 10 && ASCIISet(uppercase: true, digits: true).containsAll(value)
    }

    /// Why `value` is not a bundle identifier, or `nil` when it is one.
    public static func bundleIDProblem(_ value: String) -> String? {
        guard value.count <= 155, value.hasDotSeparatedLabels(atLeast: 2), ASCIISet.alphanumerics(and: "-.").containsAll(value) else {
            return "'\(value.truncatedForMessages)' is not a bundle ID: expected reverse-DNS letters, digits, '-' and '.', like com.example.MyApp"
        }
        return nil
    }

    /// Whether `value` is a numeric App Store ID.
    public static func isAppStoreID(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first != "0", value.count <= 15 else { return false }
        return ASCIISet(digits: true).containsAll(value)
    }

    /// Whether `value` is an App Group identifier: `group.` and a reverse-DNS name.
    public static func isAppGroup(_ value: String) -> Bool {
        guard value.hasPrefix("group."), value.count <= 160 else { return false }
        let name = String(value.dropFirst("group.".count))
        return name.hasDotSeparatedLabels(atLeast: 1) && ASCIISet.alphanumerics(and: "-.").containsAll(name)
    }

    /// Whether `value` can be a key in the App Group store.
    public static func isStorageKey(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first.isASCIILowercaseLetter || first.isASCIIUppercaseLetter,
              value.count <= 64 else { return false }
        return ASCIISet.alphanumerics(and: "_-.").containsAll(value)
    }

    /// Why `value` is not a relay URL a manifest may list (`wss://host[:port][/path]`), or `nil`.
    public static func relayProblem(_ value: String) -> String? {
        guard value.hasPrefix("wss://") else {
            return "'\(value.truncatedForMessages)' is not a secure relay URL: relays must use wss://"
        }
        guard value.count <= 512, let components = URLComponents(string: value), let host = components.host,
              !host.isEmpty, components.user == nil, components.password == nil, components.fragment == nil else {
            return "'\(value.truncatedForMessages)' is not a valid relay URL: expected wss://host[:port][/path]"
        }
        return nil
    }

    /// Parses `major[.minor[.patch]]`.
    public static func osVersion(_ value: String) -> (major: Int, minor: Int, patch: Int)? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers = [0, 0, 0]
        for (index, part) in parts.enumerated() {
            guard !part.isEmpty, part.count <= 4, part.utf8.count == part.count, let number = Int(part) else { return nil }
            numbers[index] = number
        }
        return (numbers[0], numbers[1], numbers[2])
    }
}

@_spi(ClipKitTooling) import ClipKit
import Foundation

@_spi(ClipKitTooling)
extension FieldRules {
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

/// The form of an application identifier in an AASA file: `TEAMID.bundleID`.
public enum AppIdentifierRules {
    /// Why `value` is not an application identifier, or `nil` when it is one.
    ///
    /// The prefix is the ten-character team ID (upper-case letters and digits); the rest is a bundle
    /// ID of letters, digits, `-` and `.` without empty labels.
    public static func problem(with value: String) -> String? {
        let shown = value.count > 80 ? String(value.prefix(77)) + "…" : value
        guard let dot = value.firstIndex(of: ".") else {
            return "'\(shown)' is not an application identifier: expected TEAMID.bundleID, like ABCDE12345.com.example.app"
        }
        let prefix = value[..<dot]
        let bundle = value[value.index(after: dot)...]
        guard prefix.unicodeScalars.count == 10,
              prefix.unicodeScalars.allSatisfy({ (0x41...0x5A).contains($0.value) || (0x30...0x39).contains($0.value) }) else {
            return "'\(shown)' does not start with a team ID: expected ten upper-case letters or digits before the first '.', like ABCDE12345.com.example.app"
        }
        let labels = bundle.split(separator: ".", omittingEmptySubsequences: false)
        guard !bundle.isEmpty, bundle.count <= 155, labels.allSatisfy({ !$0.isEmpty }),
              bundle.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || (0x30...0x39).contains($0.value) || $0 == "-" || $0 == ".") }) else {
            return "'\(shown)' has an invalid bundle ID after the team ID: expected letters, digits, '-' and '.', like com.example.app"
        }
        return nil
    }
}

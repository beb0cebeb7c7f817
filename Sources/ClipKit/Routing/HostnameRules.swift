/// The syntax rules for DNS host names that manifests, routes and handles share.
package enum HostnameRules {
    /// Why `name` is not a valid host name, or `nil` when it is one.
    ///
    /// - Parameter requireTopLevelLetter: Whether the last label must start with a letter
    ///   (true for handles and public domains, which never end in a numeric label).
    package static func problem(with name: String, requireTopLevelLetter: Bool = true) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.utf8.count > 253 { return "it is longer than 253 characters" }
        if name.hasSuffix(".") { return "it ends with a dot" }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return "it needs at least two labels, like example.com" }
        for label in labels {
            if label.isEmpty { return "it has an empty label" }
            if label.utf8.count > 63 { return "the label '\(label)' is longer than 63 characters" }
            if !ASCIISet.alphanumerics(and: "-").containsAll(label) {
                return "the label '\(String(label).truncatedForMessages)' has characters other than letters, digits and '-'"
            }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "the label '\(label)' starts or ends with '-'" }
        }
        if requireTopLevelLetter, let last = labels.last?.unicodeScalars.first, !last.isASCIILowercaseLetter, !last.isASCIIUppercaseLetter {
            return "the top-level label must start with a letter"
        }
        return nil
    }
}

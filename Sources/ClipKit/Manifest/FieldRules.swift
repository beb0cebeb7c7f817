import Foundation

/// The syntax rules for manifest fields. ClipKit holds those its stores check at run time (the App
/// Group, storage keys); ClipManifestReader adds those only the manifest checker and the tools use.
@_spi(ClipKitTooling)
public enum FieldRules {
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
}

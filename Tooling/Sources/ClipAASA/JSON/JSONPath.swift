import ClipKit

/// Builds the JSON paths that findings point at: `$.applinks.details[0].components[1]["/"]`.
public enum JSONPath {
    /// The path of member `key` of the object at `path`; keys that are not identifiers are quoted.
    public static func member(_ key: String, of path: String) -> String {
        if isIdentifier(key) { return "\(path).\(key)" }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(path)[\"\(escaped)\"]"
    }

    /// The path of element `index` of the array at `path`.
    public static func element(_ index: Int, of path: String) -> String {
        "\(path)[\(index)]"
    }

    /// The path that `components` lead to from the root, `$`.
    public static func string(of components: [JSONPathComponent]) -> String {
        components.reduce("$") { path, component in
            switch component {
            case .member(let key): return member(key, of: path)
            case .element(let index): return element(index, of: path)
            }
        }
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") }
    }
}

@_spi(ClipKitTooling) import ClipKit

/// Writes the JSON paths that problems point at: `$.routes[0].pattern`,
/// `$.applinks.details[0].components[1]["/"]` — the one renderer that the manifest checks, the AASA
/// checks and the doctor share.
///
/// A member whose name is an identifier (a letter or `_`, then letters, digits and `_`, ASCII
/// only) is written `.name`; any other as `["name"]`, with `"` and `\` escaped.
public enum JSONPath {
    /// The path of the document itself.
    public static let root = "$"

    /// The path of member `name` of the object at `path`.
    public static func member(_ name: String, of path: String) -> String {
        if isIdentifier(name) { return path + "." + name }
        return path + "[" + JSONString.quoted(name) + "]"
    }

    /// The path of element `index` of the array at `path`.
    public static func element(_ index: Int, of path: String) -> String {
        path + "[" + String(index) + "]"
    }

    /// The path that `components` lead to from the ``root``.
    @_spi(ClipKitTooling) public static func string(of components: [JSONPathComponent]) -> String {
        components.reduce(root) { path, component in
            switch component {
            case .member(let name): return member(name, of: path)
            case .element(let index): return element(index, of: path)
            }
        }
    }

    /// Whether `name` can follow a `.` in a path.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.isASCIILowercaseLetter || first.isASCIIUppercaseLetter else {
            return false
        }
        return identifierCharacters.containsAll(name)
    }

    private static let identifierCharacters = ASCIISet.alphanumerics(and: "_")
}

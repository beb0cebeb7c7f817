import ClipKit

/// A component's query pattern, `?`: either one pattern for the whole query string, or a
/// pattern per query item name.
public enum AASAQueryPattern: Sendable, Hashable {
    /// A pattern matched against the whole query (the text after `?`, without it).
    case whole(String)
    /// Patterns by query item name: every listed item must be present and its value must match;
    /// items not listed are ignored, and their order does not matter.
    case items([String: String])

    /// The pattern as JSON.
    public var json: JSONValue {
        switch self {
        case .whole(let pattern): return .string(pattern)
        case .items(let items): return .object(items.mapValues(JSONValue.string))
        }
    }
}

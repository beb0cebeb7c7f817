@_spi(ClipKitTooling) import ClipKit

/// A component's query pattern, `?`: either one pattern for the whole query string, or a
/// pattern per query item name.
public enum AASAQueryPattern: Sendable, Hashable {
    /// A pattern matched against the whole query (the text after `?`, without it).
    case whole(String)
    /// Patterns by query item name. Every listed name is checked; a name the URL lacks counts as
    /// one item with an empty value, and when a name repeats, every occurrence must match. Items
    /// not listed are ignored, and their order does not matter.
    case items([String: String])
    /// A dictionary that holds a value other than a string (`true`, a number, `null`, an array or
    /// an object). iOS then ignores the whole `?` key, so the component matches any query, as
    /// Apple's `swcutil` shows. The dictionary is kept as written.
    case ignored(JSONValue)

    /// The pattern as JSON.
    public var json: JSONValue {
        switch self {
        case .whole(let pattern): return .string(pattern)
        case .items(let items): return .object(items.mapValues(JSONValue.string))
        case .ignored(let value): return value
        }
    }
}

extension AASAQueryPattern {
    /// Whether two query patterns are the same.
    public static func == (left: AASAQueryPattern, right: AASAQueryPattern) -> Bool {
        switch (left, right) {
        case (.whole(let a), .whole(let b)): return a == b
        case (.items(let a), .items(let b)): return a == b
        case (.ignored(let a), .ignored(let b)): return a.serialized() == b.serialized()
        default: return false
        }
    }

    /// Hashes the pattern as written.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .whole(let pattern): hasher.combine(0); hasher.combine(pattern)
        case .items(let items): hasher.combine(1); hasher.combine(items)
        case .ignored(let value): hasher.combine(2); hasher.combine(value.serialized())
        }
    }
}

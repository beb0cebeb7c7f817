/// The values a share page shows for its route's parameters.
///
/// On the server they are the routed URL's checked values. In the static export's `404.html`
/// they are placeholders that the page's script replaces in the browser with the values from
/// the address bar, escaped the same way: ``placeholder(forDisplayOf:)`` for text and attributes,
/// ``placeholder(forURLOf:)`` for the percent-encoded form used inside URLs.
struct PageParameters: Sendable {
    /// Values for text and attributes (escaped by the template).
    var display: [String: String]
    /// Percent-encoded values for URLs.
    var encoded: [String: String]

    /// Real values.
    init(values: [String: String]) {
        display = values.mapValues { TemplateText.sanitized($0, maximumLength: PageParameters.maximumLength) }
        encoded = values.mapValues { SafeURL.encodedPathSegment($0) }
    }

    /// Placeholders for the parameters named `names`.
    init(placeholdersFor names: [String]) {
        display = Dictionary(uniqueKeysWithValues: names.map { ($0, Self.placeholder(forDisplayOf: $0)) })
        encoded = Dictionary(uniqueKeysWithValues: names.map { ($0, Self.placeholder(forURLOf: $0)) })
    }

    /// The longest parameter value shown, in characters.
    static let maximumLength = 256

    /// Marks where the browser puts a parameter's escaped text (private-use scalars never occur in templates).
    static func placeholder(forDisplayOf name: String) -> String { "\u{E000}\(name)\u{E001}" }

    /// Marks where the browser puts a parameter's percent-encoded value.
    static func placeholder(forURLOf name: String) -> String { "\u{E002}\(name)\u{E001}" }
}

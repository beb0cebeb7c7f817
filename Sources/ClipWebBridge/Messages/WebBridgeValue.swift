@_spi(ClipKitTooling) import ClipKit
import Foundation

/// The value of a web-bridge `store` command: the `jsonToStore` string exactly as the page sent it.
///
/// Bluesky's web app types `jsonToStore` as a string; a page may put plain text in it (a URL) or a
/// JSON document (`JSON.stringify(value)`). Both are kept: ``text`` as sent, ``json`` when the text
/// is strict JSON, and ``stringValue`` for the common case of a single string either way.
public struct WebBridgeValue: Sendable, Equatable {
    /// The string as sent.
    public let text: String
    /// The text parsed as JSON, when it is strict JSON.
    public let json: JSONValue?

    /// Wraps a `jsonToStore` string.
    public init(text: String) {
        self.text = text
        self.json = try? JSONValue(strictlyParsing: Data(text.utf8), maximumDepth: 16)
    }

    /// The string the value stands for: the decoded string when the text is a JSON string
    /// (`"\"https://…\""`), otherwise the text itself (`https://…`).
    public var stringValue: String {
        if case .string(let string)? = json { return string }
        return text
    }
}

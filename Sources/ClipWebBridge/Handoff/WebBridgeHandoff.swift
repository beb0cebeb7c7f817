import ClipKit

/// The handoff for a web-bridge `store` command when the route names no handoff type in `clipkit.json`.
///
/// Carries the allow-listed key and the stored text; the app claims it as
/// `store.claim(WebBridgeHandoff.self)` and reads ``value`` (JSON text when the page sent JSON).
public struct WebBridgeHandoff: HandoffPayload, Equatable {
    /// `"clipkit.webBridge"`.
    public static let handoffTypeName = "clipkit.webBridge"

    /// The key the page stored the value under (one of the manifest's `handoff.webBridgeKeys`).
    public var key: String
    /// The value as the page sent it.
    public var value: String

    /// Creates the handoff.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case key, value }

    /// Decodes the payload strictly.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowing: Set(CodingKeys.allCases.map(\.stringValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        value = try container.decode(String.self, forKey: .value)
    }
}

import ClipKit
import Foundation

/// Bluesky's handoff: the starter pack whose link opened the clip, for the app's onboarding.
///
/// The clip's web content stores it through the web bridge under ``webBridgeKey``
/// (`{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":…}`); Bluesky's manifest names
/// ``handoffTypeName`` as the handoff of its starter-pack routes, so the stored value becomes this
/// payload's one member. When the page asks for the App Store overlay before storing anything, the
/// clip offers the invocation URL itself (``ClipWebBridgeUI/WebBridgeClipOptions/blueskyStarterPack``). The URI is
/// an `https` link (`https://bsky.app/start/{handle}/{rkey}`, `https://go.bsky.app/{code}`) or an
/// `at://` record URI.
public struct BlueskyStarterPackHandoff: HandoffPayload, Equatable {
    /// `"bluesky.starterPack"`.
    public static let handoffTypeName = "bluesky.starterPack"
    /// The key Bluesky's web content stores the starter pack under: `starterPackUri`.
    public static let webBridgeKey = "starterPackUri"
    /// The longest URI accepted, in bytes of UTF-8.
    public static let maximumURIBytes = 2048

    /// The starter pack's URI.
    public var starterPackURI: String

    /// Creates the handoff.
    public init(starterPackURI: String) {
        self.starterPackURI = starterPackURI
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case starterPackURI = "starterPackUri"
    }

    /// Decodes the payload strictly.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowing: Set(CodingKeys.allCases.map(\.stringValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        starterPackURI = try container.decode(String.self, forKey: .starterPackURI)
        if let problem = Self.problem(withURI: starterPackURI) {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }

    /// Encodes the payload.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(starterPackURI, forKey: .starterPackURI)
    }

    /// What is wrong with `uri` as a starter-pack URI, or `nil` when it is acceptable.
    public static func problem(withURI uri: String) -> String? {
        let shown = "'\(uri.prefix(80))'"
        if uri.utf8.count > maximumURIBytes {
            return "the starter-pack URI has \(uri.utf8.count) bytes; at most \(maximumURIBytes) are accepted"
        }
        if ASCIISet(" ", controls: true).containsAny(uri) {
            return "\(shown) contains spaces or control characters; a starter-pack URI has neither"
        }
        if uri.hasPrefix("at://") {
            return uri.count > "at://".count ? nil : "\(shown) names no record: expected at://{did}/app.bsky.graph.starterpack/{rkey}"
        }
        guard let components = URLComponents(string: uri), components.scheme?.lowercased() == "https",
              let host = components.host, !host.isEmpty, components.user == nil, components.password == nil else {
            return "\(shown) is not a starter-pack URI: expected an https link such as https://bsky.app/start/{handle}/{rkey} or an at:// URI"
        }
        return nil
    }
}

import ClipKit
import ClipWebBridge
import ClipWebBridgeUI

extension WebBridgeValueCheck {
    /// Bluesky's rule for `starterPackUri`: an `https` link or an `at://` record URI, without spaces
    /// or control characters, of at most 2 KiB.
    public static let blueskyStarterPackURI = WebBridgeValueCheck(key: BlueskyStarterPackHandoff.webBridgeKey) { value in
        BlueskyStarterPackHandoff.problem(withURI: value.stringValue)
    }
}

extension LegacyDefaultsWrite {
    /// Where Bluesky's React Native app reads the starter pack (`SharedPrefs.getString('starterPackUri')`):
    /// `starterPackUri` in `UserDefaults(suiteName: "group.app.bsky")`.
    public static let blueskyStarterPack = LegacyDefaultsWrite(suiteName: "group.app.bsky", keys: [BlueskyStarterPackHandoff.webBridgeKey])
}

extension WebBridgeClipOptions {
    /// Bluesky's starter-pack clip: the page's `starterPackUri` must be a starter-pack URI; when the
    /// page asks for the overlay before storing it, the clip hands off the link it was opened with;
    /// and the stored value is also written where the unchanged React Native app reads it.
    public static let blueskyStarterPack = WebBridgeClipOptions(
        valueChecks: [.blueskyStarterPackURI],
        invocationPayload: { match in BlueskyStarterPackHandoff(starterPackURI: match.url.absoluteString) },
        legacyWrite: .blueskyStarterPack
    )
}

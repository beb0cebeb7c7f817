import ClipKit

/// The Safari Smart App Banner: the `content` of `<meta name="apple-itunes-app">`.
///
/// For URLs the clip handles, the banner offers the App Clip as a card
/// (`app-id=…, app-clip-bundle-id=…, app-clip-display=card`). For URLs only the full app
/// handles, it offers the app and passes the page's URL as `app-argument`, which the installed
/// app receives when the person taps Open (Apple strips it during an install, so it is no
/// substitute for the clip's handoff).
package enum SmartAppBanner {
    /// The banner offering `manifest`'s App Clip as a card.
    package static func clipCard(for manifest: ClipManifest) -> String {
        "app-id=\(manifest.app.appStoreID), app-clip-bundle-id=\(manifest.clip.bundleID), app-clip-display=card"
    }

    /// The banner offering the full app, opening `url` once it is installed.
    package static func app(for manifest: ClipManifest, argument url: String?) -> String {
        guard let url else { return "app-id=\(manifest.app.appStoreID)" }
        return "app-id=\(manifest.app.appStoreID), app-argument=\(url)"
    }

    /// The banner for a page of a route handled by `handler`.
    package static func content(for manifest: ClipManifest, handler: ClipManifest.Handler, pageURL: String) -> String {
        switch handler {
        case .clip: return clipCard(for: manifest)
        case .app: return app(for: manifest, argument: pageURL)
        }
    }
}

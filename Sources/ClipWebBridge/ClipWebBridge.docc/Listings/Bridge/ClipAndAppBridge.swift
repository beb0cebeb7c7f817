import ClipKit
import ClipManifestReader
import ClipWebBridge
import Foundation
import WebKit

/// The web bridge without ClipWebBridgeUI: the clip's message handler and the app's claim.
@MainActor
func bridgeByHand(
    manifestURL: URL, defaults: any SharedDefaults, message: WKScriptMessage,
    presentOverlay: () -> Void, open: (WebBridgeHandoff) -> Void
) throws {
    let manifest = try ManifestLoader().load(contentsOf: manifestURL)      // ClipConfiguration.manifest with the plugin
    let bridge = WebBridge(manifest: manifest)
    let store = try HandoffStore(defaults: defaults, manifest: manifest)

    // In the clip's WKScriptMessageHandler:
    if case .presentAppStoreOverlay = try bridge.handle(messageBody: message.body, store: store) { presentOverlay() }

    // In the full app, on first launch:
    if let stored = store.claim(WebBridgeHandoff.self) { open(stored) }   // the key and the value the page stored
}

import ClipKit
import ClipKitUI
import ClipWebBridgeUI
import Foundation

/// A web-content clip without a web view: the messages a page would post, handled by the session.
@MainActor
func webBridgeHeadless(runtime: ClipRuntime, url: URL) {
    let session = WebBridgeClipSession(runtime: runtime)
    session.inbox.receive(.webpage(url))
    if case .content(let model, let promotion) = session.screen {
        model.recordContentLoaded()
        model.handle(message: #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://bsky.app/start/alice.bsky.social/3kabc"}"#)
        model.handle(message: #"{"action":"present"}"#)   // the task is done, so the overlay shows
        print(promotion.isOverlayPresented)               // true
    }
}

import ClipKit

extension WebBridge {
    /// Decodes a `WKScriptMessage.body` and applies it to `store`: the whole job of the clip's
    /// `WKScriptMessageHandler`.
    ///
    /// ```swift
    /// func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
    ///     if case .presentAppStoreOverlay? = try? bridge.handle(messageBody: message.body, store: store) { presentOverlay() }
    /// }
    /// ```
    public func handle(
        messageBody: Any, store: HandoffStore, offeringOnPresent payload: (any HandoffPayload)? = nil
    ) throws(WebBridgeError) -> WebBridgeResponse {
        try apply(decode(messageBody: messageBody), to: store, offeringOnPresent: payload)
    }

    /// Applies a decoded command: `store` offers its handoff payload through `store`; `present` offers
    /// `payload` first when one is given (Bluesky's clip hands off the starter pack it was invoked with
    /// when the page asks for the overlay) and asks the clip to present the App Store overlay.
    ///
    /// - Throws: ``WebBridgeError/handoffFailed(_:)`` when the offer fails.
    public func apply(
        _ command: WebBridgeCommand, to store: HandoffStore, offeringOnPresent payload: (any HandoffPayload)? = nil
    ) throws(WebBridgeError) -> WebBridgeResponse {
        do {
            switch command {
            case .present:
                let offered = try payload.map { payload throws(HandoffError) in try store.offer(payload) }
                return .presentAppStoreOverlay(offered: offered)
            case .store(let key, let value):
                return .stored(try store.offer(WebBridgeCommand.handoffPayload(key: key, value: value)))
            }
        } catch {
            throw .handoffFailed(error)
        }
    }
}

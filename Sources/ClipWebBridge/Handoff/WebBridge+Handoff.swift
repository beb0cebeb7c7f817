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
        messageBody: Any, store: HandoffStore, storingAs typeName: String? = nil, offeringOnPresent payload: (any HandoffPayload)? = nil
    ) throws -> WebBridgeResponse {
        try apply(decode(messageBody: messageBody), to: store, storingAs: typeName, offeringOnPresent: payload)
    }

    /// Applies a decoded command.
    ///
    /// - `store` offers the value through `store`: as the payload type `typeName` with the key as its
    ///   one member (`{"starterPackUri": "https://…"}`) when the route names a handoff type in
    ///   `clipkit.json`, otherwise as a ``WebBridgeHandoff``.
    /// - `present` offers `payload` first when one is given (a clip hands off what it was invoked
    ///   with when the page asks for the overlay before storing anything) and asks the clip to
    ///   present the App Store overlay.
    ///
    /// - Throws: ``WebBridgeError/handoffFailed(_:)`` when the offer fails.
    public func apply(
        _ command: WebBridgeCommand, to store: HandoffStore, storingAs typeName: String? = nil,
        offeringOnPresent payload: (any HandoffPayload)? = nil
    ) throws -> WebBridgeResponse {
        try checkedApply(command, to: store, storingAs: typeName, offeringOnPresent: payload)
    }

    /// ``apply(_:to:storingAs:offeringOnPresent:)`` with its error typed, for this package.
    package func checkedApply(_ command: WebBridgeCommand, to store: HandoffStore, storingAs typeName: String?, offeringOnPresent payload: (any HandoffPayload)?) throws(WebBridgeError) -> WebBridgeResponse {
        do {
            switch command {
            case .present:
                let offered = try payload.map { payload throws(HandoffError) in try store.checkedOffer(payload, typeName: type(of: payload).handoffTypeName) }
                return .presentAppStoreOverlay(offered: offered)
            case .store(let key, let value):
                guard let typeName, let payload = command.handoffPayload(as: typeName) else {
                    return .stored(try store.checkedOffer(WebBridgeHandoff(key: key, value: value.text), typeName: WebBridgeHandoff.handoffTypeName))
                }
                return .stored(try store.checkedOffer(json: payload, typeName: typeName))
            }
        } catch {
            throw WebBridgeError.handoffFailed(error)
        }
    }
}

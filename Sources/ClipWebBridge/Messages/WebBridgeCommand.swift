import ClipKit

/// A command that a clip's web content sent through `window.webkit.messageHandlers…postMessage`.
///
/// Decoded strictly by ``WebBridge/decode(_:)`` from one of two messages:
/// `{"action":"present"}` and `{"action":"store","keyToStoreAs":K,"jsonToStore":V}`.
public enum WebBridgeCommand: Sendable, Equatable {
    /// Show the App Store overlay for the full app (`SKOverlay`).
    case present
    /// Hand a value to the full app under an allow-listed key.
    case store(key: String, value: WebBridgeValue)

    /// The message's `action`: `present` or `store`.
    public var action: String {
        switch self {
        case .present: return "present"
        case .store: return "store"
        }
    }

    /// The handoff a `store` command leads to when its route names no handoff type: a
    /// ``WebBridgeHandoff`` with the key and the text; `nil` for `present`.
    @_spi(ClipKitTooling) public var handoffPayload: WebBridgeHandoff? {
        guard case .store(let key, let value) = self else { return nil }
        return WebBridgeHandoff(key: key, value: value.text)
    }

    /// The payload a `store` command leads to when its route names the handoff type `typeName`: an
    /// object whose one member is the key, with the value as JSON when the page sent JSON and as
    /// text otherwise (`{"starterPackUri": "https://…"}`); `nil` for `present`.
    @_spi(ClipKitTooling) public func handoffPayload(as typeName: String) -> JSONValue? {
        guard case .store(let key, let value) = self else { return nil }
        return .object([key: value.json ?? .string(value.text)])
    }
}

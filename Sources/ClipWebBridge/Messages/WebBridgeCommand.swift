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

    /// The handoff payload a `store` command leads to; `nil` for `present`.
    ///
    /// ``BlueskyStarterPackHandoff/webBridgeKey`` (`starterPackUri`) becomes a typed
    /// ``BlueskyStarterPackHandoff``; any other allow-listed key a ``WebBridgeHandoff``.
    public var handoffPayload: (any HandoffPayload)? {
        guard case .store(let key, let value) = self else { return nil }
        return Self.handoffPayload(key: key, value: value)
    }

    static func handoffPayload(key: String, value: WebBridgeValue) -> any HandoffPayload {
        if key == BlueskyStarterPackHandoff.webBridgeKey {
            return BlueskyStarterPackHandoff(starterPackURI: value.stringValue)
        }
        return WebBridgeHandoff(key: key, value: value.text)
    }
}

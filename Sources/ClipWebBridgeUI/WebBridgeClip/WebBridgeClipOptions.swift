import ClipKit
import ClipWebBridge

/// What an app adds to its web-bridge clip beyond the manifest: its own rules for stored values,
/// what to hand off when the page asks for the overlay before storing anything, and an opt-in
/// legacy write for an app that reads its App Group's `UserDefaults` directly.
///
/// ```swift
/// var options = WebBridgeClipOptions()
/// options.invocationPayload = { match in WebBridgeHandoff(key: "link", value: match.url.absoluteString) }
/// let session = WebBridgeClipSession(runtime: runtime, options: options)
/// ```
public struct WebBridgeClipOptions: Sendable {
    /// The app's own rules for the values of some keys, applied when a message is decoded.
    public var valueChecks: [WebBridgeValueCheck]
    /// The payload offered when the page asks for the overlay before it stored anything; `nil`
    /// offers nothing then.
    public var invocationPayload: (@Sendable (RouteMatch) -> (any HandoffPayload)?)?
    /// Also writes stored values where an app that predates ClipKit reads them; off unless set.
    public var legacyWrite: LegacyDefaultsWrite?

    /// Creates options; by default the manifest alone decides.
    public init(
        valueChecks: [WebBridgeValueCheck] = [], invocationPayload: (@Sendable (RouteMatch) -> (any HandoffPayload)?)? = nil,
        legacyWrite: LegacyDefaultsWrite? = nil
    ) {
        self.valueChecks = valueChecks
        self.invocationPayload = invocationPayload
        self.legacyWrite = legacyWrite
    }
}

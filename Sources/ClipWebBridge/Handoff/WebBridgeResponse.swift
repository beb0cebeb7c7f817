import ClipKit

/// What the clip should do after a web-bridge command was applied.
public enum WebBridgeResponse: Sendable, Equatable {
    /// Present the App Store overlay (`SKOverlay`); `offered` is the handoff offered first, if any.
    case presentAppStoreOverlay(offered: HandoffOffer?)
    /// Nothing to show: the value was handed off.
    case stored(HandoffOffer)
}

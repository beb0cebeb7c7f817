import ClipKit
import ClipKitUI
import ClipWebBridge

/// What the clip did with one message from its web content.
public enum WebBridgeClipEffect: Sendable, Equatable, CustomStringConvertible {
    /// The page asked for the App Store overlay and the install promotion showed it; `offered`
    /// is the handoff offered first, if any.
    case presentedOverlay(offered: HandoffOffer?)
    /// The page asked for the App Store overlay and the install promotion held it back.
    case heldOverlay(InstallPromotionHoldReason, offered: HandoffOffer?)
    /// The page stored a value, which is now offered to the full app.
    case handedOff(HandoffOffer)
    /// The message was refused: malformed, not allow-listed, or the handoff could not be written.
    case rejected(WebBridgeError)

    /// A short line for logs and `clipkit simulate`.
    public var description: String {
        switch self {
        case .presentedOverlay(let offered):
            return "presented the App Store overlay" + (offered.map { " after offering \($0.typeName)" } ?? "")
        case .heldOverlay(let reason, let offered):
            return "held the App Store overlay: \(reason.description)" + (offered.map { " (offered \($0.typeName))" } ?? "")
        case .handedOff(let offer):
            return "offered \(offer.typeName) to the app until \(offer.expiresAt.formatted(.iso8601))"
        case .rejected(let error):
            return "refused the message: \(error.description)"
        }
    }
}

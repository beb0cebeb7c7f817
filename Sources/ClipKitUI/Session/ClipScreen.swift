import ClipKit

/// What a clip shows, whatever its flow: nothing yet, the content of the link it was opened with
/// and that invocation's install promotion, or a message for a link it does not handle.
///
/// Every flow's ``ClipFlowSession`` (``ClipSession``, `DriverShareClipSession`, `WebBridgeClipSession`)
/// shows a `ClipScreen` of its own content — the ``/ClipKit/RouteMatch``, the driver's preview, the page's
/// model — so one view, `ClipSessionView`, draws every clip's placeholder, message, App Store overlay
/// and per-invocation identity, and the app draws only the content.
public enum ClipScreen<Content: Sendable>: Sendable {
    /// No invocation yet (launched from the home screen, or from Xcode without `_XCAppClipURL`).
    case waitingForInvocation
    /// A link the clip handles: its content, with the install promotion for this invocation.
    case content(Content, InstallPromotionController)
    /// The link routed nowhere this clip handles; the message says why, for the person.
    case unsupportedLink(String)

    /// The screen for a link that did not route, with the reason in the message.
    package static func linkDidNotRoute(_ failure: RoutingFailure) -> ClipScreen {
        .unsupportedLink("This link can't be opened here: \(failure.description).")
    }

    /// The screen for a link that routes to a screen of the full app, not of the clip.
    package static var linkBelongsToTheApp: ClipScreen {
        .unsupportedLink("This link belongs to the full app, not the clip.")
    }
}

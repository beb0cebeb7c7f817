import ClipKit

/// What one kind of clip does with a link it handles: the parameter kinds its routes may use, and
/// the content it shows for a routed invocation.
///
/// A ``ClipFlowSession`` does everything else the same way for every flow — the inbox, the screen
/// and its changes, the handoff store, the location confirmation and an install promotion per
/// invocation — so a flow is a small value. ClipKitUI's ``RouteClipFlow`` shows the app's own views
/// for the route match (``ClipSession``); ClipNostrUI's `DriverShareClipFlow` shows a driver's
/// preview and ClipWebBridgeUI's `WebBridgeClipFlow` a link's web page.
@MainActor
public protocol ClipFlow {
    /// What the clip shows for a link it handles: the route match, a driver's preview, a page's model.
    associatedtype Content: Sendable
    /// The parameter kinds this flow's routes may use; the runtime's router is built with them.
    static var parameterKinds: ParameterKindRegistry { get }

    /// Creates the flow from what the runtime read from the manifest.
    ///
    /// - Throws: ``/ClipKit/ClipSetupError`` when the flow cannot be set up from the manifest.
    init(runtime: ClipRuntime) throws

    /// The content to show for `match`, a link routed to a screen of the clip, or `nil` when this
    /// flow shows nothing for its route (the session then says the link belongs to the full app).
    ///
    /// - Parameters:
    ///   - match: The routed link.
    ///   - promotion: This invocation's install promotion; the content tells it when it is on
    ///     screen and when the person's task is done.
    ///   - session: The session that asks, with its router and handoff store.
    /// - Throws: An error whose message says why the link cannot be shown; the session shows it.
    func content(for match: RouteMatch, promotion: InstallPromotionController, in session: ClipFlowSession<Self>) throws -> Content?
}

extension ClipFlow {
    /// ClipKit's standard parameter kinds.
    public static var parameterKinds: ParameterKindRegistry { .standard }
}

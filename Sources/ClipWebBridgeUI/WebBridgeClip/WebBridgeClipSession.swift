import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipWebBridge
import Foundation

/// One running web-bridge clip: each routed invocation shows its page, with a fresh
/// ``WebBridgeClipModel`` and install promotion — what `DriverShareClipSession` is to the
/// driver-share flow.
///
/// ```swift
/// let session = WebBridgeClipSession(runtime: runtime)      // runtime: try ClipConfiguration.runtime() on iOS
/// session.inbox.receive(.webpage(url))
/// if case .content(let model, let promotion) = session.screen {
///     model.contentURL                                           // what the web view loads (clip=true)
///     model.handle(message: #"{"action":"present"}"#)
/// }
/// ```
public typealias WebBridgeClipSession = ClipFlowSession<WebBridgeClipFlow>

/// The web-bridge flow (``WebBridgeClipSession``): a link shows its web page, whose messages the
/// manifest's allow-list and the app's options govern.
public struct WebBridgeClipFlow: ClipFlow, Sendable {
    /// The manifest, for the bridge's allow-list.
    public let manifest: ClipManifest
    /// The app's value checks, invocation payload and legacy write.
    public let options: WebBridgeClipOptions

    /// Creates the flow.
    ///
    /// - Parameters:
    ///   - manifest: The manifest, for the bridge's allow-list.
    ///   - options: The app's value checks, invocation payload and legacy write.
    public init(manifest: ClipManifest, options: WebBridgeClipOptions = WebBridgeClipOptions()) {
        self.manifest = manifest
        self.options = options
    }

    /// Creates the flow from the runtime's manifest, with the manifest alone deciding.
    public init(runtime: ClipRuntime) {
        self.init(manifest: runtime.manifest)
    }

    /// The model of the link's page, storing into the session's store.
    ///
    /// - Throws: ``WebBridgeClipError`` when the route shows no web page or the URL cannot take
    ///   its query.
    public func content(for match: RouteMatch, promotion: InstallPromotionController, in session: WebBridgeClipSession) throws -> WebBridgeClipModel? {
        try WebBridgeClipModel(
            match: match, router: session.inbox.router, manifest: manifest, store: session.store, promotion: promotion, options: options
        )
    }
}

extension ClipFlowSession where Flow == WebBridgeClipFlow {
    /// Creates a session from the runtime with the manifest alone deciding; it always sets up.
    public convenience init(runtime: ClipRuntime) {
        self.init(runtime: runtime, flow: WebBridgeClipFlow(runtime: runtime))
    }

    /// Creates a session from the runtime — its manifest, router, handoff store and the promotion's
    /// memory in its App Group — with the app's `options`.
    public convenience init(runtime: ClipRuntime, options: WebBridgeClipOptions) {
        self.init(runtime: runtime, flow: WebBridgeClipFlow(manifest: runtime.manifest, options: options))
    }
}

#if canImport(SwiftUI) && canImport(WebKit) && os(iOS)
import SwiftUI
import WebKit

/// The web page of a web-bridge clip: a `WKWebView` that loads the model's URL (the invocation
/// link with the route's `webContentQuery`, `clip=true` for Bluesky), hands every `postMessage` the
/// page sends to ``WebBridgeClipModel/messageHandlerName`` to the model, and tells the model when the
/// page has loaded, so the install promotion's dwell starts.
///
/// ```swift
/// ClipSessionView(setUp: { try WebBridgeClipSession(runtime: ClipConfiguration.runtime()) }) { page, _ in
///     WebBridgeView(model: page).ignoresSafeArea()
/// }
/// ```
///
/// The view owns the web view's wiring: it registers the message handler when it makes the web view
/// and removes it, with the navigation delegate, when SwiftUI dismantles it. The page's messages
/// reach the model through a handler that holds the view's coordinator weakly, so the web view's
/// content controller — which keeps its handlers strongly — never keeps the coordinator or the model
/// alive. Every decision is the model's.
public struct WebBridgeView: UIViewRepresentable {
    /// The page's model: its URL and what each message does.
    public let model: WebBridgeClipModel

    /// A view of `model`'s page.
    public init(model: WebBridgeClipModel) {
        self.model = model
    }

    /// The object that receives the page's messages and load events.
    public func makeCoordinator() -> Coordinator {
        Coordinator(model: model)
    }

    /// A web view with the message handler registered, loading the model's URL.
    public func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.userContentController.add(
            WeakScriptMessageHandler(coordinator: context.coordinator), name: WebBridgeClipModel.messageHandlerName
        )
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.load(URLRequest(url: model.contentURL))
        return webView
    }

    /// Nothing to update: a new invocation gets a new view (``/ClipKitUI/ClipSessionView`` gives each its own identity).
    public func updateUIView(_ webView: WKWebView, context: Context) {}

    /// Removes the message handler and the navigation delegate.
    public static func dismantleUIView(_ webView: WKWebView, coordinator: Coordinator) {
        webView.configuration.userContentController.removeScriptMessageHandler(forName: WebBridgeClipModel.messageHandlerName)
        webView.navigationDelegate = nil
    }

    /// Forwards the page's messages and load events to the model; holds no decisions.
    ///
    /// WebKit calls these on the main thread. Its delegate protocols are main-actor isolated in
    /// recent SDKs and not in older ones, so the methods are `nonisolated` witnesses, valid under
    /// both, that run on the main actor.
    @MainActor
    public final class Coordinator: NSObject, WKNavigationDelegate {
        /// The page's model.
        public let model: WebBridgeClipModel

        init(model: WebBridgeClipModel) {
            self.model = model
        }

        /// The page finished loading: its content is on screen.
        public nonisolated func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            MainActor.assumeIsolated {
                model.recordContentLoaded()
            }
        }

        func receive(_ messageBody: Any) {
            model.handle(messageBody: messageBody)
        }
    }
}

/// The script message handler a ``WebBridgeView`` registers: holds its coordinator weakly, so the
/// content controller that retains it does not retain the coordinator.
@MainActor
final class WeakScriptMessageHandler: NSObject, WKScriptMessageHandler {
    weak var coordinator: WebBridgeView.Coordinator?

    init(coordinator: WebBridgeView.Coordinator) {
        self.coordinator = coordinator
    }

    nonisolated func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        MainActor.assumeIsolated {
            coordinator?.receive(message.body)
        }
    }
}
#endif

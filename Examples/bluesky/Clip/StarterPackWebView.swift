import ClipWebBridgeUI
import SwiftUI
import WebKit

/// A `WKWebView` that loads the model's `clip=true` URL and forwards every `postMessage` to the
/// model, which decodes it with ClipWebBridge's `WebBridge` and decides what happens.
struct StarterPackWebView: UIViewRepresentable {
    let model: WebBridgeClipModel

    func makeCoordinator() -> MessageForwarder {
        MessageForwarder(model: model)
    }

    func makeUIView(context: Context) -> WKWebView {
        let contentController = WKUserContentController()
        contentController.add(context.coordinator, name: WebBridgeClipModel.messageHandlerName)
        let configuration = WKWebViewConfiguration()
        configuration.userContentController = contentController
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.load(URLRequest(url: model.contentURL))
        return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {}

    static func dismantleUIView(_ webView: WKWebView, coordinator: MessageForwarder) {
        webView.configuration.userContentController.removeScriptMessageHandler(forName: WebBridgeClipModel.messageHandlerName)
    }

    /// Receives the page's messages and load events; holds no decisions.
    @MainActor
    final class MessageForwarder: NSObject, WKScriptMessageHandler, WKNavigationDelegate {
        let model: WebBridgeClipModel

        init(model: WebBridgeClipModel) {
            self.model = model
        }

        func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
            model.handle(messageBody: message.body)
        }

        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            model.recordContentLoaded()
        }
    }
}

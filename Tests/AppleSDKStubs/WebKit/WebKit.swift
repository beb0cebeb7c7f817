// Declarations of the WebKit API the glue uses, as Apple documents them: `WKWebView` and its
// delegates are main-actor isolated.
import AppleFoundationShim
import UIKit

/// A view that shows web content.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
open class WKWebView: UIView {
    /// A web view with `configuration`.
    @available(iOS 8.0, macOS 10.10, *)
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { super.init(frame: frame) }

    /// A copy of the configuration the view was created with.
    @available(iOS 8.0, macOS 10.10, *)
    open var configuration: WKWebViewConfiguration { fatalError() }

    /// Receives the view's navigation events.
    @available(iOS 8.0, macOS 10.10, *)
    weak open var navigationDelegate: (any WKNavigationDelegate)? { get { fatalError() } set { fatalError() } }

    /// Starts loading `request`.
    @available(iOS 8.0, macOS 10.10, *)
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? { fatalError() }
}

/// The settings a web view is created with.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
open class WKWebViewConfiguration: NSObject, NSCopying {
    /// Creates the default configuration.
    @available(iOS 8.0, macOS 10.10, *)
    override public init() {}

    /// Where scripts post messages to.
    @available(iOS 8.0, macOS 10.10, *)
    open var userContentController: WKUserContentController { get { fatalError() } set { fatalError() } }

    /// A copy.
    @available(iOS 8.0, macOS 10.10, *)
    nonisolated open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
}

/// Routes `window.webkit.messageHandlers.<name>.postMessage` calls to handlers.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
open class WKUserContentController: NSObject {
    /// Creates an empty controller.
    @available(iOS 8.0, macOS 10.10, *)
    override public init() {}

    /// Adds `scriptMessageHandler` under `name`.
    @available(iOS 8.0, macOS 10.10, *)
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) { fatalError() }

    /// Removes the handler under `name`.
    @available(iOS 8.0, macOS 10.10, *)
    open func removeScriptMessageHandler(forName name: String) { fatalError() }
}

/// A message a page posted.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
open class WKScriptMessage: NSObject {
    /// The posted value: a number, string, date, array, dictionary or null.
    @available(iOS 8.0, macOS 10.10, *)
    open var body: Any { fatalError() }

    /// The handler name it was posted to.
    @available(iOS 8.0, macOS 10.10, *)
    open var name: String { fatalError() }
}

/// Receives messages from a page's scripts.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    /// The page posted `message`.
    @available(iOS 8.0, macOS 10.10, *)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// A page load in progress.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
open class WKNavigation: NSObject {}

/// Receives a web view's navigation events (every requirement is optional in the Objective-C
/// protocol; the stub gives defaults instead).
@available(iOS 8.0, macOS 10.10, *)
@MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    /// A navigation finished.
    @available(iOS 8.0, macOS 10.10, *)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
}

@available(iOS 8.0, macOS 10.10, *)
extension WKNavigationDelegate {
    /// The optional requirement's absence.
    @available(iOS 8.0, macOS 10.10, *)
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
}

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

// Recent SDKs declare WebKit's delegate protocols main-actor isolated; older ones, which the
// package's tools-version still allows, do not. scripts/check-apple-glue compiles this module a second
// time with CLIPKIT_STUBS_OLDER_SDK and checks the glue that imports WebKit against both.
#if CLIPKIT_STUBS_OLDER_SDK
/// Receives messages from a page's scripts (older SDKs: not isolated).
@available(iOS 8.0, macOS 10.10, *)
public protocol WKScriptMessageHandler: NSObjectProtocol {
    /// The page posted `message`.
    @available(iOS 8.0, macOS 10.10, *)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// Receives a web view's navigation events (older SDKs: not isolated). Every requirement is optional
/// in Objective-C: see ``WKNavigationDelegateOptionalRequirements``.
@available(iOS 8.0, macOS 10.10, *)
public protocol WKNavigationDelegate: NSObjectProtocol {}
#else
/// Receives messages from a page's scripts.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    /// The page posted `message`.
    @available(iOS 8.0, macOS 10.10, *)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// Receives a web view's navigation events. Every requirement is optional in Objective-C: see
/// ``WKNavigationDelegateOptionalRequirements``.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {}
#endif

/// A page load in progress.
@available(iOS 8.0, macOS 10.10, *)
@MainActor
open class WKNavigation: NSObject {}

/// The optional requirements of the Objective-C protocol `WKNavigationDelegate`, which Swift on
/// Linux cannot declare (`@objc optional` needs Objective-C). They are not requirements of
/// ``WKNavigationDelegate`` and have no default implementations: iOS calls a delegate's method only
/// when its selector and types are these, so scripts/check-apple-glue holds every method of a
/// conformer that is named like one of them (same base name) to exactly one of them. Nothing conforms
/// to this protocol; one requirement a line.
@available(iOS 8.0, macOS 10.10, *)
public protocol WKNavigationDelegateOptionalRequirements: WKNavigationDelegate {
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line. The misspelt method compiles — the Objective-C requirement is
// optional — and iOS would never call it; the correctly spelt one beside it must not be reported.
// target: Sources/ClipWebBridgeUI/Apple/WebBridgeView.swift
// expect: matches no optional requirement of WKNavigationDelegate
#if canImport(WebKit) && os(iOS)
@MainActor
final class PlantedNavigationObserver: NSObject, WKNavigationDelegate {
    nonisolated func webView(_ webView: WKWebView, didFinsh navigation: WKNavigation!) {} // planted
    nonisolated func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {} // guarded
}
#endif

// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line. The method has a requirement's full name but not its types, so it
// is no witness: it compiles, and iOS would never call it.
// target: Sources/ClipWebBridgeUI/Apple/WebBridgeView.swift
// expect: does not witness WKNavigationDelegate's optional requirement
#if canImport(WebKit) && os(iOS)
@MainActor
final class PlantedFailureObserver: NSObject, WKNavigationDelegate {
    nonisolated func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: String) {} // planted
}
#endif

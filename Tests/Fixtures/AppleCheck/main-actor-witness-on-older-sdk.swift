// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line. A main-actor isolated witness satisfies WKNavigationDelegate as
// recent SDKs declare it (main-actor isolated), but not as older SDKs do, which the package's tools-version allows.
// target: Sources/ClipWebBridgeUI/Apple/WebBridgeView.swift
// expect: with WebKit's delegate protocols not main-actor isolated, as in older SDKs
#if canImport(WebKit) && os(iOS)
@MainActor
final class PlantedMainActorObserver: NSObject, WKNavigationDelegate {
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {} // planted
}
#endif

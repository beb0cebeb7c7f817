import ClipKit
import Foundation

/// Why a web-bridge clip cannot be set up for an invocation.
public enum WebBridgeClipError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The route has no `webContentQuery`, so its clip shows no web page.
    case routeShowsNoWebContent(String)
    /// The invocation URL cannot take the route's query.
    case contentURLUnbuildable(String)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .routeShowsNoWebContent(let route):
            return "route '\(route)' has no webContentQuery in clipkit.json, so its clip shows no web page; add one (Bluesky uses {\"clip\": \"true\"})"
        case .contentURLUnbuildable(let url):
            return "the invocation URL '\(url.prefix(80))' cannot take the route's web-content query"
        }
    }
}

extension WebBridgeClipError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        if case .routeShowsNoWebContent = self { return "Add a webContentQuery to the route in clipkit.json (Bluesky uses {\"clip\": \"true\"})." }
        return nil
    }
}

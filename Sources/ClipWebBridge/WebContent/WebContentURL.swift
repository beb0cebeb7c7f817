@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Builds the URL that a clip loads when it shows a route's web content.
///
/// Bluesky's clip loads the starter-pack page with `clip=true` so that the web app knows it
/// runs inside the clip. Appending `?clip=true` to the string breaks URLs that already have a
/// query (`…?ref=x?clip=true`); this builder edits the query with `URLComponents` instead,
/// keeping existing items and the fragment, and replacing an item of the same name.
public enum WebContentURL {
    /// `url` with each of `queryItems` set, existing items kept.
    ///
    /// - Returns: `nil` only when `url` cannot be taken apart into components.
    public static func url(_ url: URL, setting queryItems: [String: String]) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        var items = components.queryItems ?? []
        for name in Array(queryItems.keys).sorted() {
            items.removeAll { $0.name == name }
            items.append(URLQueryItem(name: name, value: queryItems[name]))
        }
        components.queryItems = items.isEmpty ? nil : items
        return components.url
    }

    /// The URL to load for a routed invocation: the invocation URL with the route's
    /// `webContentQuery` items set, or `nil` when the route shows no web content.
    ///
    /// Apple's default App Clip link (`https://appclip.apple.com/id?p=…`) and the clip's demo links
    /// name no page of the team's site, so for them the page is the route's own: its first pattern
    /// with the link's values in the captures, and the query items the route reads.
    public static func url(for match: RouteMatch, in router: InvocationRouter) -> URL? {
        guard let route = router.route(named: match.route), let query = route.webContentQuery else { return nil }
        // The tooling's `appleServedLink(of:)` (ClipSite) reads the same two facts; kept out of
        // ClipKit, where a type of its own would cost every clip about 4 KB.
        let isAppleServed = router.demoLinks.contains(match.pattern) || match.url.host?.lowercased() == InvocationRouter.defaultLinkHost
        guard isAppleServed else { return url(match.url, setting: query) }
        guard let page = route.patterns.first?.url(filling: match.parameters), var components = URLComponents(string: page) else {
            return nil
        }
        let read = match.queryItems.filter { route.queryKinds[$0.name] != nil }
        components.queryItems = read.isEmpty ? nil : read
        return components.url.flatMap { url($0, setting: query) }
    }
}

import ClipKit
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
    public static func url(for match: RouteMatch, in router: InvocationRouter) -> URL? {
        guard let query = router.route(named: match.route)?.webContentQuery else { return nil }
        return url(match.url, setting: query)
    }
}

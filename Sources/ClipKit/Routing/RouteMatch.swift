import Foundation

/// A URL that matched a route: which route, who handles it and the typed parameters.
public struct RouteMatch: Sendable, Equatable {
    /// The matched route's name, as in the manifest.
    public let route: String
    /// Which target handles the route.
    public let handledBy: ClipManifest.Handler
    /// The captured parameters and the query items the route reads, after their kind's check,
    /// normalized, by name; an optional query item the link lacks has no entry.
    public let parameters: [String: String]
    /// The URL's query items, kept as they came (empty when there is no query).
    public let queryItems: [URLQueryItem]
    /// The URL that was routed.
    public let url: URL
    /// The pattern that matched, as written in the manifest.
    public let pattern: String
    /// The URL's fragment as it came (without `#`), when the route accepts one
    /// (``ClipManifest/RouteDefinition/fragment``) and the URL has a non-empty fragment; `nil` otherwise.
    public let fragment: String?
    /// The kind of each captured parameter and of each query item the route reads, by name
    /// (`integer`, `uuid`, `npub`, …), as the route's `params` and `query` give it; a capture not
    /// listed is a `string`.
    public let parameterKinds: [String: String]

    /// Creates a match.
    public init(
        route: String, handledBy: ClipManifest.Handler, parameters: [String: String],
        queryItems: [URLQueryItem], url: URL, pattern: String, fragment: String? = nil,
        parameterKinds: [String: String] = [:]
    ) {
        self.fragment = fragment
        self.parameterKinds = parameterKinds
        self.route = route
        self.handledBy = handledBy
        self.parameters = parameters
        self.queryItems = queryItems
        self.url = url
        self.pattern = pattern
    }

    /// The value of the first query item named `name`, if any.
    public func queryValue(named name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}

/// Why a URL did not match any route.
public enum RoutingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is longer than any invocation URL may be.
    case tooLong(length: Int, limit: Int)
    /// The text is not a URL.
    case notAURL(String)
    /// The URL's scheme is not `https`.
    case notHTTPS(scheme: String)
    /// The URL names a user, a password or a port, which invocation URLs never do.
    case unexpectedAuthority(String)
    /// The URL's host is not one that any route serves.
    case unknownHost(String)
    /// The host is right but no route's pattern has this path; the AASA file's paths and `/.well-known/`
    /// never match a route.
    case noPatternMatches(path: String)
    /// A pattern matched, but a captured value is not of the parameter's kind.
    case parameterRejected(route: String, parameter: String, kind: String, reason: String)
    /// A pattern matched, but the link lacks a query item the route requires.
    case queryItemMissing(route: String, item: String)
    /// A pattern matched, but a query item the route reads is not of its kind.
    case queryItemRejected(route: String, item: String, kind: String, reason: String)
    /// A notification's target content identifier was empty or not a URL.
    case invalidTargetContentIdentifier(String)
    /// An Apple default App Clip link without the `p` item that names the clip.
    case defaultLinkNamesNoClip
    /// An Apple default App Clip link for another clip: `named` is its `p` item, `clip` this clip's bundle ID.
    case defaultLinkNamesAnotherClip(named: String, clip: String)
    /// One of the clip's demo links with query items of its own added, named in `items`: a demo link
    /// opens the default experience and carries no parameters.
    case demoLinkCarriesParameters(items: [String])

    /// A sentence that says why there was no match.
    public var description: String {
        switch self {
        case .tooLong(let length, let limit):
            return "the URL has \(length) characters; invocation URLs may have at most \(limit)"
        case .notAURL(let text):
            return "'\(text.truncatedForMessages)' is not a URL"
        case .notHTTPS(let scheme):
            return "the URL's scheme is '\(scheme)'; App Clip and universal-link URLs are https only"
        case .unexpectedAuthority(let detail):
            return "the URL \(detail); invocation URLs have a plain host"
        case .unknownHost(let host) where host.lowercased() == InvocationRouter.defaultLinkHost:
            return "no route opens Apple's default App Clip link (\(InvocationRouter.defaultLinkHost)): "
                + "add \"defaultLink\": true to the clip route it should open (routes[].defaultLink in clipkit.json)"
        case .unknownHost(let host):
            return "no route serves the host '\(host.truncatedForMessages)'"
        case .noPatternMatches(let path):
            if let segments = InvocationRouter.segments(ofPercentEncodedPath: path), RoutePattern.isReserved(segments: segments) {
                return "no route matches the path '\(path.truncatedForMessages)': iOS reads the domain's apple-app-site-association file at "
                    + "\(RoutePattern.associationFilePaths.joined(separator: " and ")), and /.well-known/ is reserved for such files, "
                    + "so the link domain serves the file there and never a route's page"
            }
            return "no route matches the path '\(path.truncatedForMessages)'"
        case .parameterRejected(let route, let parameter, let kind, let reason):
            return "route '\(route)' matched, but parameter '\(parameter)' is not a valid \(kind): \(reason)"
        case .queryItemMissing(let route, let item):
            return "route '\(route)' matched, but the link has no query item '\(item)', which the route requires (add \(item)=… to the link's query)"
        case .queryItemRejected(let route, let item, let kind, let reason):
            return "route '\(route)' matched, but query item '\(item)' is not a valid \(kind): \(reason)"
        case .invalidTargetContentIdentifier(let identifier):
            return "the notification's target content identifier '\(identifier.truncatedForMessages)' is not an invocation URL"
        case .defaultLinkNamesNoClip:
            return "the link is an App Clip default link without the 'p' item that names the clip (https://appclip.apple.com/id?p=<clip bundle ID>)"
        case .defaultLinkNamesAnotherClip(let named, let clip):
            return "the App Clip default link opens the clip '\(named.truncatedForMessages)', not this manifest's clip '\(clip)'"
        case .demoLinkCarriesParameters(let items):
            let names = items.map { "'\($0.truncatedForMessages)'" }.joined(separator: ", ")
            return "the link is the clip's demo link with query items added (\(names)); a demo link opens the default experience "
                + "and carries no parameters: use it as App Store Connect gives it, or the default App Clip link "
                + "(https://\(InvocationRouter.defaultLinkHost)/id?p=<clip bundle ID>&…) for a link with parameters"
        }
    }
}

extension RoutingFailure: ClipKitError {
}

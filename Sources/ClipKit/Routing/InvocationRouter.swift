import Foundation

/// Routes invocation URLs to the manifest's routes; the same router serves the clip and the full app.
///
/// After a person installs the full app, it receives every invocation the clip supported, so
/// both targets build their router from the same manifest:
///
/// ```swift
/// let router = try InvocationRouter(manifest: manifest, parameterKinds: kinds)
/// switch router.route(url) {
/// case .success(let match): show(match.route, match.parameters)
/// case .failure(let reason): log(reason.description)
/// }
/// ```
///
/// Rules: only `https`; the host must equal a route's host exactly (compared case-insensitively,
/// no suffix or subdomain tricks, no user, password or port); a trailing slash is tolerated; each
/// `{name}` capture matches exactly one non-empty segment, percent-decoded, and must pass its
/// parameter kind; the query is kept and available. The fragment (`#…`) takes no part in matching,
/// as in Apple's AASA and App Clip experience matching; it is handed to a route that declares
/// one (``ClipManifest/RouteDefinition/fragment``) as ``RouteMatch/fragment``, and ignored
/// otherwise. Routes are tried in manifest order; the first whose pattern and parameters all
/// match wins.
///
/// Two links Apple serves come first: one of the clip's demo links (``demoLinks``) opens the route
/// Apple's default App Clip link opens without items, and the default link itself
/// (`https://appclip.apple.com/id?p=<clip>&items`, with ``clipBundleID``) opens the first route
/// marked to open it whose captures its items give, each item checked like a capture.
public struct InvocationRouter: Sendable {
    /// The longest URL routed, in characters.
    @_spi(ClipKitTooling) public static let maximumURLLength = 4096

    /// A route compiled for matching.
    public struct CompiledRoute: Sendable {
        /// The route's name.
        public let name: String
        /// Which target handles it.
        public let handledBy: ClipManifest.Handler
        /// Its patterns, tried in order.
        public let patterns: [RoutePattern]
        /// The kind of each captured parameter.
        public let parameterKinds: [String: ParameterKind]
        /// Query items the clip adds when it loads the URL as web content.
        public let webContentQuery: [String: String]?
        /// What the route accepts in the URL's fragment, if anything.
        public let fragment: RouteFragment?
        /// The handoff type the clip leaves for links of this route, if the manifest names one.
        public let handoffType: String?
        /// The kind of each query item the route reads, by name.
        public let queryKinds: [String: ParameterKind]
        /// The query items a link must carry to match the route.
        public let requiredQueryItems: Set<String>
        /// Whether Apple's default App Clip link opens the route, its captures read from the link's
        /// query items.
        public let opensDefaultLink: Bool

        /// Creates a compiled route from its parts: what ``InvocationRouter/init(routes:parameterKinds:clipBundleID:demoLinks:)``
        /// builds from a route definition, and what code generated from `clipkit.json` writes out.
        ///
        /// - Parameters:
        ///   - name: The route's name, as in the manifest.
        ///   - handledBy: Which target handles the route's links.
        ///   - patterns: The route's patterns, tried in order.
        ///   - parameterKinds: The kind of each capture of `patterns`; a capture without one is
        ///     checked as a `string`.
        ///   - webContentQuery: Query items the clip adds when it loads the URL as web content.
        ///   - fragment: What the route accepts in the URL's fragment, if anything.
        ///   - handoffType: The handoff type the clip leaves for the route's links, if the manifest
        ///     names one.
        ///   - queryKinds: The kind of each query item the route reads; its value joins the match's
        ///     parameters like a capture's.
        ///   - requiredQueryItems: The query items of `queryKinds` a link must carry.
        ///   - opensDefaultLink: Whether Apple's default App Clip link opens the route.
        public init(
            name: String, handledBy: ClipManifest.Handler, patterns: [RoutePattern], parameterKinds: [String: ParameterKind],
            webContentQuery: [String: String]? = nil, fragment: RouteFragment? = nil, handoffType: String? = nil,
            queryKinds: [String: ParameterKind] = [:], requiredQueryItems: Set<String> = [], opensDefaultLink: Bool = false
        ) {
            self.opensDefaultLink = opensDefaultLink
            self.queryKinds = queryKinds
            self.requiredQueryItems = requiredQueryItems
            self.name = name
            self.handledBy = handledBy
            self.patterns = patterns
            self.parameterKinds = parameterKinds
            self.webContentQuery = webContentQuery
            self.fragment = fragment
            self.handoffType = handoffType
        }
    }

    /// The compiled routes, in manifest order.
    public let routes: [CompiledRoute]
    /// The clip's bundle identifier, which Apple's default App Clip link names in its `p` item;
    /// `nil` when the router was built without one and routes no default link.
    public let clipBundleID: String?
    /// The clip's demo links as App Store Connect made them (``ClipManifest/ClipTarget/demoLinks``);
    /// empty when the router routes none.
    ///
    /// A demo link opens the route Apple's default App Clip link opens without items of its own,
    /// and a link that adds query items to one is refused with ``RoutingFailure/demoLinkCarriesParameters(items:)``.
    public let demoLinks: [String]
    /// `demoLinks` taken apart once, for matching.
    private let demos: [DemoLinkForm]

    /// The host of Apple's default App Clip links, `https://appclip.apple.com/id?p=<clip bundle ID>`.
    @_spi(ClipKitTooling) public static let defaultLinkHost = "appclip.apple.com"

    /// Apple's default App Clip link of the clip `clipBundleID`, with `items` after its `p` item:
    /// `https://appclip.apple.com/id?p=<clip bundle ID>&…`.
    @_spi(ClipKitTooling) public static func defaultLink(clipBundleID: String, items: [URLQueryItem] = []) -> String {
        var components = URLComponents()
        components.scheme = "https"
        components.host = defaultLinkHost
        components.path = "/id"
        components.queryItems = [URLQueryItem(name: "p", value: clipBundleID)] + items
        return components.string ?? "https://\(defaultLinkHost)/id?p=\(clipBundleID)"
    }

    /// Builds a router from a manifest's routes.
    ///
    /// - Throws: ``RouterConfigurationError`` when a pattern does not parse or names an
    ///   unregistered parameter kind. A manifest from ``/ClipManifestReader/ManifestLoader`` with the same registry
    ///   never throws here.
    public init(manifest: ClipManifest, parameterKinds: ParameterKindRegistry = .standard) throws {
        try self.init(checkingManifest: manifest, parameterKinds: parameterKinds)
    }

    /// The initializer above with its error typed, for this package.
    package init(checkingManifest manifest: ClipManifest, parameterKinds: ParameterKindRegistry) throws(RouterConfigurationError) {
        try self.init(
            checkingRoutes: manifest.routes, parameterKinds: parameterKinds, clipBundleID: manifest.clip.bundleID,
            demoLinks: manifest.clip.demoLinks
        )
    }

    /// Builds a router from route definitions; with `clipBundleID`, it also routes Apple's default
    /// App Clip links that name that clip to the routes that open them, and with `demoLinks`, the
    /// clip's demo links to the route the default link opens without items.
    public init(
        routes definitions: [ClipManifest.RouteDefinition], parameterKinds: ParameterKindRegistry = .standard,
        clipBundleID: String? = nil, demoLinks: [String] = []
    ) throws {
        try self.init(checkingRoutes: definitions, parameterKinds: parameterKinds, clipBundleID: clipBundleID, demoLinks: demoLinks)
    }

    /// The initializer above with its error typed, for this package.
    package init(
        checkingRoutes definitions: [ClipManifest.RouteDefinition], parameterKinds: ParameterKindRegistry, clipBundleID: String?,
        demoLinks: [String] = []
    ) throws(RouterConfigurationError) {
        var compiled: [CompiledRoute] = []
        for definition in definitions {
            var patterns: [RoutePattern] = []
            for source in definition.patterns {
                do {
                    patterns.append(try RoutePattern(checking: source))
                } catch {
                    throw RouterConfigurationError.invalidPattern(route: definition.name, error)
                }
            }
            var kinds: [String: ParameterKind] = [:]
            for name in Set(patterns.flatMap(\.captureNames)) {
                let kindName = definition.params[name] ?? ParameterKind.string.name
                guard let kind = parameterKinds.kind(named: kindName) else {
                    throw RouterConfigurationError.unknownParameterKind(route: definition.name, parameter: name, kind: kindName)
                }
                kinds[name] = kind.limited(to: definition.ranges[name] ?? ClipManifest.IntegerRange())
            }
            var queryKinds: [String: ParameterKind] = [:]
            for (name, item) in definition.query {
                guard let kind = parameterKinds.kind(named: item.kind) else {
                    throw RouterConfigurationError.unknownParameterKind(route: definition.name, parameter: name, kind: item.kind)
                }
                queryKinds[name] = kind.limited(to: definition.ranges[name] ?? ClipManifest.IntegerRange())
            }
            compiled.append(CompiledRoute(
                name: definition.name, handledBy: definition.handledBy, patterns: patterns,
                parameterKinds: kinds, webContentQuery: definition.webContentQuery, fragment: definition.fragment,
                handoffType: definition.handoffType, queryKinds: queryKinds,
                requiredQueryItems: Set(definition.query.filter(\.value.isRequired).keys), opensDefaultLink: definition.opensDefaultLink
            ))
        }
        routes = compiled
        self.clipBundleID = clipBundleID
        self.demoLinks = demoLinks
        demos = demoLinks.compactMap(DemoLinkForm.init)
    }

    /// Builds a router from routes compiled ahead of time, such as the route table that code
    /// generated from `clipkit.json` holds: nothing is parsed here, so nothing can fail.
    ///
    /// - Parameters:
    ///   - compiledRoutes: The routes, in the order they are tried.
    ///   - clipBundleID: The clip's bundle identifier, for Apple's default App Clip links.
    ///   - demoLinks: The clip's demo links, as App Store Connect made them.
    public init(compiledRoutes: [CompiledRoute], clipBundleID: String? = nil, demoLinks: [String] = []) {
        routes = compiledRoutes
        self.clipBundleID = clipBundleID
        self.demoLinks = demoLinks
        demos = demoLinks.compactMap(DemoLinkForm.init)
    }

    /// Routes a URL given as text, such as one typed on a command line.
    public func route(_ text: String) -> Result<RouteMatch, RoutingFailure> {
        if text.count > Self.maximumURLLength { return .failure(.tooLong(length: text.count, limit: Self.maximumURLLength)) }
        guard let url = URL(string: text), url.scheme != nil else { return .failure(.notAURL(text)) }
        return route(url)
    }

    /// Routes an invocation URL.
    public func route(_ url: URL) -> Result<RouteMatch, RoutingFailure> {
        let text = url.absoluteString
        if text.count > Self.maximumURLLength { return .failure(.tooLong(length: text.count, limit: Self.maximumURLLength)) }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return .failure(.notAURL(text))
        }
        guard let scheme = components.scheme else { return .failure(.notAURL(text)) }
        guard scheme.lowercased() == "https" else { return .failure(.notHTTPS(scheme: scheme)) }
        if components.user != nil || components.password != nil {
            return .failure(.unexpectedAuthority("names a user"))
        }
        if let port = components.port, port != 443 {
            return .failure(.unexpectedAuthority("names the port \(port)"))
        }
        guard let rawHost = components.percentEncodedHost, !rawHost.isEmpty else { return .failure(.notAURL(text)) }
        let host = rawHost.lowercased()
        for demo in demos where demo.host == host && demo.path == DemoLinkForm.trimmed(components.percentEncodedPath) {
            let items = components.queryItems ?? []
            guard demo.items.allSatisfy(items.contains) else { continue }
            let added = items.filter { !demo.items.contains($0) }.map(\.name)
            guard added.isEmpty else { return .failure(.demoLinkCarriesParameters(items: added)) }
            return openDefaultExperience(url, items: [], pattern: demo.link, path: components.percentEncodedPath)
        }
        if host == Self.defaultLinkHost, let clipBundleID, routes.contains(where: \.opensDefaultLink) {
            return routeDefaultLink(url, components: components, clipBundleID: clipBundleID)
        }

        var knowsHost = false
        for route in routes {
            for pattern in route.patterns where pattern.host == host { knowsHost = true }
        }
        if !knowsHost { return .failure(.unknownHost(rawHost)) }

        let path = components.percentEncodedPath
        guard let segments = InvocationRouter.segments(ofPercentEncodedPath: path) else {
            return .failure(.noPatternMatches(path: path))
        }
        // The AASA file and /.well-known/ belong to the system: the domain serves the file there.
        if RoutePattern.isReserved(segments: segments) { return .failure(.noPatternMatches(path: path)) }
        let queryItems = components.queryItems ?? []

        var firstRejection: RoutingFailure?
        for route in routes {
            for pattern in route.patterns where pattern.host == host {
                guard let captures = InvocationRouter.captures(of: pattern, in: segments) else { continue }
                var parameters: [String: String] = [:]
                var rejected = false
                for (name, value) in captures {
                    let kind = route.parameterKinds[name] ?? .string
                    switch kind.check(value) {
                    case .accepted(let normalized):
                        parameters[name] = normalized
                    case .rejected(let reason):
                        rejected = true
                        if firstRejection == nil {
                            firstRejection = .parameterRejected(route: route.name, parameter: name, kind: kind.name, reason: reason)
                        }
                    }
                    if rejected { break }
                }
                if !rejected, let failure = InvocationRouter.readQuery(queryItems, of: route, into: &parameters) {
                    rejected = true
                    if firstRejection == nil { firstRejection = failure }
                }
                if !rejected {
                    var kindNames = route.parameterKinds.mapValues(\.name)
                    for (name, kind) in route.queryKinds { kindNames[name] = kind.name }
                    return .success(RouteMatch(
                        route: route.name, handledBy: route.handledBy, parameters: parameters,
                        queryItems: queryItems, url: url, pattern: pattern.source,
                        fragment: route.fragment == nil ? nil : components.percentEncodedFragment.flatMap { $0.isEmpty ? nil : $0 },
                        parameterKinds: kindNames
                    ))
                }
            }
        }
        return .failure(firstRejection ?? .noPatternMatches(path: path))
    }

    /// Routes the `targetContentIdentifier` of a notification that relaunched the clip.
    ///
    /// A clip relaunched from a notification receives no invocation URL; the notification's
    /// target content identifier (APNs `target-content-id`) carries the experience URL instead.
    public func route(notificationTargetContentIdentifier identifier: String?) -> Result<RouteMatch, RoutingFailure> {
        guard let identifier, !identifier.isEmpty else { return .failure(.invalidTargetContentIdentifier(identifier ?? "")) }
        guard identifier.lowercased().hasPrefix("https://") else {
            return .failure(.invalidTargetContentIdentifier(identifier))
        }
        return route(identifier)
    }

    /// The route named `name`, if any.
    public func route(named name: String) -> CompiledRoute? {
        for route in routes where route.name == name { return route }
        return nil
    }

    /// Routes Apple's default App Clip link, `https://appclip.apple.com/id?p=<clip>&items`: the `p`
    /// item must name this clip, and the route that opens it is found from the link's items.
    private func routeDefaultLink(_ url: URL, components: URLComponents, clipBundleID: String) -> Result<RouteMatch, RoutingFailure> {
        let path = components.percentEncodedPath
        guard path == "/id" || path == "/id/" else { return .failure(.noPatternMatches(path: path)) }
        let items = components.queryItems ?? []
        guard let named = items.first(where: { $0.name == "p" })?.value, !named.isEmpty else {
            return .failure(.defaultLinkNamesNoClip)
        }
        guard named == clipBundleID else { return .failure(.defaultLinkNamesAnotherClip(named: named, clip: clipBundleID)) }
        return openDefaultExperience(url, items: items, pattern: Self.defaultLink(clipBundleID: clipBundleID), path: path)
    }

    /// The first route that opens default links and whose captures `items` all give, each item
    /// checked by its kind (and range), matched with `pattern` as the link's form; a link whose item
    /// is not of its kind is refused with the reason, not handed to a later route.
    private func openDefaultExperience(_ url: URL, items: [URLQueryItem], pattern: String, path: String) -> Result<RouteMatch, RoutingFailure> {
        var firstMissing: RoutingFailure?
        for route in routes where route.opensDefaultLink {
            var parameters: [String: String] = [:]
            var missing = false
            for name in route.parameterKinds.keys.sorted() {
                guard let kind = route.parameterKinds[name] else { continue }
                guard let value = items.first(where: { $0.name == name })?.value, !value.isEmpty else {
                    missing = true
                    if firstMissing == nil { firstMissing = .queryItemMissing(route: route.name, item: name) }
                    break
                }
                switch kind.check(value) {
                case .accepted(let normalized): parameters[name] = normalized
                case .rejected(let reason): return .failure(.queryItemRejected(route: route.name, item: name, kind: kind.name, reason: reason))
                }
            }
            if missing { continue }
            if let failure = InvocationRouter.readQuery(items, of: route, into: &parameters) {
                if case .queryItemMissing = failure {
                    if firstMissing == nil { firstMissing = failure }
                    continue
                }
                return .failure(failure)
            }
            var kindNames = route.parameterKinds.mapValues(\.name)
            for (name, kind) in route.queryKinds { kindNames[name] = kind.name }
            return .success(RouteMatch(
                route: route.name, handledBy: route.handledBy, parameters: parameters, queryItems: items, url: url,
                pattern: pattern, parameterKinds: kindNames
            ))
        }
        return .failure(firstMissing ?? .noPatternMatches(path: path))
    }

    /// Checks the query items `route` reads and adds their normalized values to `parameters`; the
    /// reason the link does not match, or `nil` when it does.
    ///
    /// The first item of a name counts, as in ``RouteMatch/queryValue(named:)``; an item without a
    /// value or with an empty one counts as absent. Items the route does not read are left alone.
    static func readQuery(
        _ items: [URLQueryItem], of route: CompiledRoute, into parameters: inout [String: String]
    ) -> RoutingFailure? {
        for name in route.queryKinds.keys.sorted() {
            guard let kind = route.queryKinds[name] else { continue }
            guard let value = items.first(where: { $0.name == name })?.value, !value.isEmpty else {
                if route.requiredQueryItems.contains(name) { return .queryItemMissing(route: route.name, item: name) }
                continue
            }
            switch kind.check(value) {
            case .accepted(let normalized): parameters[name] = normalized
            case .rejected(let reason): return .queryItemRejected(route: route.name, item: name, kind: kind.name, reason: reason)
            }
        }
        return nil
    }

    /// Splits a percent-encoded path into decoded segments, tolerating one trailing slash.
    /// Returns `nil` for paths with empty segments or invalid percent-encoding.
    static func segments(ofPercentEncodedPath path: String) -> [String]? {
        var trimmed = Substring(path)
        if trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        if trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty { return [] }
        var result: [String] = []
        for raw in trimmed.split(separator: "/", omittingEmptySubsequences: false) {
            guard !raw.isEmpty, let decoded = String(raw).removingPercentEncoding else { return nil }
            result.append(decoded)
        }
        return result
    }

    static func captures(of pattern: RoutePattern, in segments: [String]) -> [(String, String)]? {
        guard pattern.segments.count == segments.count else { return nil }
        var captures: [(String, String)] = []
        for (expected, actual) in zip(pattern.segments, segments) {
            switch expected {
            case .literal(let text):
                if text != actual { return nil }
            case .capture(let name):
                if actual.isEmpty { return nil }
                captures.append((name, actual))
            }
        }
        return captures
    }
}

/// A demo link taken apart for matching: its host in lower case, its path without a trailing
/// slash, and its query items, each of which a link must carry to be the demo link.
package struct DemoLinkForm: Sendable {
    /// The link as given.
    package let link: String
    /// Its host, in lower case.
    package let host: String
    /// Its percent-encoded path without a trailing slash.
    package let path: String
    /// Its query items.
    package let items: [URLQueryItem]

    /// The link taken apart, or `nil` when it has no host.
    package init?(_ link: String) {
        guard let components = URLComponents(string: link), let host = components.percentEncodedHost, !host.isEmpty else { return nil }
        self.link = link
        self.host = host.lowercased()
        path = Self.trimmed(components.percentEncodedPath)
        items = components.queryItems ?? []
    }

    /// `path` without its trailing slash, so that `/id` and `/id/` compare equal.
    package static func trimmed(_ path: String) -> String {
        path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}

/// Why a router could not be built from route definitions.
public enum RouterConfigurationError: Error, Sendable, CustomStringConvertible {
    /// A route's pattern does not parse.
    case invalidPattern(route: String, RoutePatternError)
    /// A route names a parameter kind that the registry does not hold.
    case unknownParameterKind(route: String, parameter: String, kind: String)

    /// A sentence that names the route and the problem.
    public var description: String {
        switch self {
        case .invalidPattern(let route, let error):
            return "route '\(route)': \(error.description)"
        case .unknownParameterKind(let route, let parameter, let kind):
            return "route '\(route)': parameter '\(parameter)' has the unknown kind '\(kind)'; register it with ParameterKindRegistry.register(_:)"
        }
    }
}

extension RouterConfigurationError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidPattern(_, let error): return error.recoverySuggestion
        case .unknownParameterKind: return "Register the kind with ParameterKindRegistry.register(_:), or use one of the standard kinds."
        }
    }
}

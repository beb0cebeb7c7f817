@_spi(ClipKitTooling) import ClipKit
import ClipNostr
import Foundation

/// Renders a link domain's pages from the manifest and the templates: the home page, a share
/// page per route and the not-found page.
///
/// Every value from outside (route parameters, profile fields) passes ``TemplateText`` before
/// it reaches a template, and every URL passes ``SafeURL``, so a hostile kind-0 profile or path
/// parameter cannot inject markup, attributes or `javascript:` links.
package struct SharePageRenderer: Sendable {
    /// The manifest whose routes and apps the pages describe.
    package let manifest: ClipManifest
    /// The templates pages render with.
    package let templates: SiteTemplates

    /// Creates a renderer.
    package init(manifest: ClipManifest, templates: SiteTemplates = .defaults) {
        self.manifest = manifest
        self.templates = templates
    }

    /// The app's name as pages show it: the manifest's `app.name`, else the bundle identifier's last part.
    package var appName: String {
        let name = manifest.app.name ?? manifest.app.bundleID.split(separator: ".").last.map(String.init) ?? manifest.app.bundleID
        return TemplateText.sanitized(name, maximumLength: 80)
    }

    /// The App Store page of the full app.
    package var appStoreURL: String {
        SafeURL.https("https://apps.apple.com/app/id\(manifest.app.appStoreID)") ?? "https://apps.apple.com/"
    }

    /// The domain pages name as theirs when no request says otherwise: the manifest's first.
    package var primaryDomain: String { manifest.domains.first ?? "localhost" }

    // MARK: Pages

    /// The home page (`index.html`) of `domain` (by default the manifest's first).
    package func homePage(domain: String? = nil) -> String {
        var context = baseContext(banner: SmartAppBanner.clipCard(for: manifest))
        let url = "https://\(domain ?? primaryDomain)/"
        context["page"] = pageContext(
            template: "index", context: context, url: url,
            defaultTitle: appName, defaultDescription: "Get \(appName) on the App Store."
        )
        return render("index", context)
    }

    /// The page for paths no route serves (`404.html` before its script runs).
    package func notFoundPage(domain: String? = nil) -> String {
        var context = baseContext(banner: SmartAppBanner.app(for: manifest, argument: nil))
        context["page"] = pageContext(
            template: "not-found", context: context, url: "https://\(domain ?? primaryDomain)/",
            defaultTitle: "Page not found · \(appName)",
            defaultDescription: "This link does not lead anywhere on \(appName)'s site."
        )
        return render("not-found", context)
    }

    /// The static export's `404.html` before its script runs, as GitHub Pages serves it for every
    /// share URL (with status 404).
    ///
    /// Link-preview crawlers run no scripts and read this head as it is, so when `domain` has share
    /// routes it names no error: the title is the app's name (`fallback.title` overrides it), the
    /// description the routes' call to action (`fallback.description`), and the Smart App Banner
    /// offers the App Clip as a card when a route of `domain` is the clip's. The body is the
    /// not-found template's, which still says that the page was not found. A domain without share
    /// routes gets ``SharePageRenderer/notFoundPage(domain:)``.
    package func staticFallbackPage(domain: String) -> String {
        let routes = shareRoutes(of: domain)
        guard !routes.isEmpty else { return notFoundPage(domain: domain) }
        let clip = routes.contains { $0.handledBy == .clip }
        var context = baseContext(banner: clip ? SmartAppBanner.clipCard(for: manifest) : SmartAppBanner.app(for: manifest, argument: nil))
        context["page"] = pageContext(
            template: "fallback", context: context, url: "https://\(domain)/",
            defaultTitle: appName,
            defaultDescription: clip
                ? "Open this link in the \(appName) App Clip, without installing the app."
                : "Open this link in \(appName)."
        )
        return render("not-found", context)
    }

    /// The page of every share URL of `pattern`, before its parameters are known: what a static
    /// host answers such a URL with once it rewrites the path to this page.
    ///
    /// Its head is whole for crawlers that run no scripts — the route's title and description (from
    /// its text templates, with every parameter empty), Open Graph and Twitter tags, and the Smart
    /// App Banner with the App Clip card for a clip route — except the canonical URL and `og:url`,
    /// which name one share URL and so are left out here: a page that answers every URL of a
    /// pattern cannot name one of them as canonical. The page's script adds them with the rest of
    /// the URL's page.
    package func genericSharePage(route: ClipManifest.RouteDefinition, pattern: RoutePattern) -> String {
        sharePage(
            route: route.name, handler: route.handledBy, pattern: nil, fallbackURL: nil,
            parameters: PageParameters(values: [:]), profile: nil, hasURL: false
        )
    }

    /// The routes with a pattern on `domain` that has at least one path segment.
    func shareRoutes(of domain: String) -> [ClipManifest.RouteDefinition] {
        manifest.routes.filter { route in
            route.patterns.contains { source in
                guard let pattern = try? RoutePattern(parsing: source) else { return false }
                return pattern.host == domain.lowercased() && !pattern.segments.isEmpty
            }
        }
    }

    /// The share page for a routed URL, showing `profile` when there is one.
    ///
    /// When the route accepts a signed profile in its links' fragment, the page also carries the
    /// script that verifies and shows it in the browser (`LinkProfileScript`), told the
    /// `created_at` of `profile` so that only a newer signed profile replaces it.
    package func sharePage(for match: RouteMatch, profile: ShareProfile?) -> String {
        let pattern = try? RoutePattern(parsing: match.pattern)
        let page = sharePage(
            route: match.route, handler: match.handledBy, pattern: pattern, fallbackURL: match.url,
            parameters: PageParameters(values: match.parameters), profile: profile
        )
        guard let pattern, let route = manifest.routes.first(where: { $0.name == match.route }),
              let key = Self.signedProfileParameter(of: route, pattern: pattern),
              let value = match.parameters[key]
        else { return page }
        let insertion = LinkProfileScript.pageInsertion(parameter: value, shownProfileCreatedAt: profile?.createdAt)
        return HTMLInsertion.beforeBodyEnd(insertion, in: page)
    }

    /// The capture of `pattern` that names the key whose signed profile the route's links may
    /// carry: the route declares `"fragment": "signedProfile"` and `pattern` captures exactly one
    /// parameter, of kind `npub` or `nostrProfile` (as ``ProfileShareLink`` requires).
    static func signedProfileParameter(of route: ClipManifest.RouteDefinition, pattern: RoutePattern) -> String? {
        let names = pattern.captureNames
        guard route.fragment == .signedProfile, names.count == 1, let name = names.first,
              let kind = route.params[name], kind == ParameterKind.npub.name || kind == ParameterKind.nostrProfile.name
        else { return nil }
        return name
    }

    /// The share page of `route` with placeholders where its parameters go, for the static 404 page.
    func sharePageShell(route: ClipManifest.RouteDefinition, pattern: RoutePattern) -> String {
        sharePage(
            route: route.name, handler: route.handledBy, pattern: pattern, fallbackURL: nil,
            parameters: PageParameters(placeholdersFor: pattern.captureNames), profile: nil
        )
    }

    /// The canonical `https` URL of a page of `pattern` with the given percent-encoded parameters.
    static func canonicalURL(of pattern: RoutePattern, encodedParameters: [String: String]) -> String {
        let path = pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return SafeURL.encodedPathSegment(text)
            case .capture(let name): return encodedParameters[name] ?? ""
            }
        }.joined(separator: "/")
        return "https://\(pattern.host)/\(path)"
    }

    // MARK: Building contexts

    private func sharePage(
        route: String, handler: ClipManifest.Handler, pattern: RoutePattern?, fallbackURL: URL?,
        parameters: PageParameters, profile: ShareProfile?, hasURL: Bool = true
    ) -> String {
        // The query items the route reads are part of the link, so of its canonical URL too.
        let queryNames = manifest.routes.first { $0.name == route }?.query.keys.sorted() ?? []
        let query = queryNames.compactMap { name in parameters.encoded[name].map { "\(name)=\($0)" } }.joined(separator: "&")
        let url = pattern.map { Self.canonicalURL(of: $0, encodedParameters: parameters.encoded) + (query.isEmpty ? "" : "?" + query) }
            ?? fallbackURL.flatMap { SafeURL.https($0.absoluteString) }
            ?? "https://\(primaryDomain)/"
        let banner = hasURL
            ? SmartAppBanner.content(for: manifest, handler: handler, pageURL: url)
            : handler == .clip ? SmartAppBanner.clipCard(for: manifest) : SmartAppBanner.app(for: manifest, argument: nil)
        var context = baseContext(banner: banner)
        context["route"] = [
            "name": route,
            "handledByClip": handler == .clip,
            "param": parameters.display,
            "encodedParam": parameters.encoded,
            "parameters": parameters.display.keys.sorted().map { ["name": $0, "value": parameters.display[$0] ?? ""] },
        ] as [String: Any]

        let shownProfile = profile.map(profileContext)
        if let shownProfile { context["profile"] = shownProfile }
        let profileName = shownProfile?["name"] as? String
        let routeTitle = Self.humanized(route)
        // The manifest's preview text for the route, when it gives one; a shown profile's name and
        // about come first, the generic text last.
        let preview = manifest.routes.first { $0.name == route }?.preview
        let defaultTitle = profileName.map { "\($0) on \(appName)" } ?? preview?.title ?? "\(routeTitle) on \(appName)"
        let defaultDescription: String
        if let about = shownProfile?["about"] as? String {
            defaultDescription = about
        } else if profileName == nil, let text = preview?.description {
            defaultDescription = text
        } else if let profileName {
            defaultDescription = "See \(profileName) in \(appName)."
        } else if handler == .clip {
            defaultDescription = "Open this link in the \(appName) App Clip, without installing the app."
        } else {
            defaultDescription = "Open this link in \(appName)."
        }
        let routeTemplate = "share-\(route)"
        let template = templates.contains(routeTemplate) ? routeTemplate : "share"
        var page = pageContext(
            template: templates.contains(routeTemplate + ".title") || templates.contains(routeTemplate + ".description")
                ? routeTemplate : "share",
            context: context, url: hasURL ? url : nil, defaultTitle: defaultTitle, defaultDescription: defaultDescription
        )
        if let picture = shownProfile?["picture"] as? String {
            page["image"] = picture
            page["imageAlt"] = profileName ?? appName
        }
        context["page"] = page
        return render(template, context)
    }

    private func baseContext(banner: String) -> [String: Any] {
        [
            "app": [
                "name": appName,
                "bundleID": TemplateText.sanitized(manifest.app.bundleID, maximumLength: 200),
                "appStoreID": TemplateText.sanitized(manifest.app.appStoreID, maximumLength: 40),
                "appStoreURL": appStoreURL,
            ],
            "clip": ["bundleID": TemplateText.sanitized(manifest.clip.bundleID, maximumLength: 200)],
            "banner": ["content": TemplateText.sanitized(banner, maximumLength: 4096)],
            "site": ["domain": primaryDomain, "domains": manifest.domains],
        ]
    }

    /// The `page` members: title and description from the text templates when present.
    /// Without `url` the page has no canonical URL (`page.url` is absent, so the head leaves out
    /// the canonical link and `og:url`).
    private func pageContext(
        template: String, context: [String: Any], url: String?, defaultTitle: String, defaultDescription: String
    ) -> [String: Any] {
        var textContext = context
        var textPage: [String: Any] = ["defaultTitle": defaultTitle, "defaultDescription": defaultDescription]
        if let url { textPage["url"] = url }
        textContext["page"] = textPage
        let title = templates.render(template + ".title", context: textContext) ?? defaultTitle
        let description = templates.render(template + ".description", context: textContext) ?? defaultDescription
        var page: [String: Any] = [
            "title": TemplateText.sanitized(title.trimmingCharacters(in: .whitespacesAndNewlines), maximumLength: 200),
            "description": TemplateText.sanitized(description.trimmingCharacters(in: .whitespacesAndNewlines), maximumLength: 300),
        ]
        if let url { page["url"] = url }
        return page
    }

    private func profileContext(_ profile: ShareProfile) -> [String: Any] {
        ProfilePreview(profile).templateContext
    }

    private func render(_ template: String, _ context: [String: Any]) -> String {
        templates.render(template, context: context) ?? ""
    }

    /// `driverShare` → `Driver share`.
    package static func humanized(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        let sentence = words.map { $0.lowercased() }.joined(separator: " ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }
}

@_spi(ClipKitTooling) import ClipKit

/// The checks that compare an AASA file with the manifest: the clip in `appclips`, and every
/// route's URLs opening the full app.
struct AASAManifestCheck {
    let manifest: ClipManifest
    let parameterKinds: ParameterKindRegistry
    var findings: [AASAFinding] = []

    init(manifest: ClipManifest, parameterKinds: ParameterKindRegistry) {
        self.manifest = manifest
        self.parameterKinds = parameterKinds
    }

    mutating func add(_ code: AASAFinding.Code, _ severity: AASAFinding.Severity, _ path: String, _ message: String, fix: String) {
        findings.append(AASAFinding(code: code, severity: severity, path: path, message: message, fix: fix))
    }

    mutating func check(document: AASADocument, matcher: AASAMatcher, domain: String?) {
        checkAppClips(document)
        guard let domain = resolvedDomain(domain) else {
            add(.domainUnknown, .warning, "$",
                "the manifest serves several domains (\(manifest.domains.joined(separator: ", "))) and the file's domain is not known, so the routes were not checked",
                fix: "name the domain the file is served for (--domain)")
            return
        }
        checkRoutes(matcher: matcher, document: document, domain: domain)
    }

    func resolvedDomain(_ domain: String?) -> String? {
        if let domain { return manifest.domains.first { $0.lowercased() == domain.lowercased() } ?? domain.lowercased() }
        return manifest.domains.count == 1 ? manifest.domains.first?.lowercased() : nil
    }

    mutating func checkAppClips(_ document: AASADocument) {
        let clip = manifest.clipIdentifier
        guard let section = document.appClips else {
            add(.clipMissing, .error, "$", "the file has no 'appclips' section, so the domain's URLs cannot invoke the clip \(clip)",
                fix: "add \"appclips\": {\"apps\": [\"\(clip)\"]}")
            return
        }
        for (index, app) in section.apps.enumerated() where app != clip {
            add(.unexpectedClip, .error, "$.appclips.apps[\(index)]", "'\(app)' is not the manifest's clip (\(clip))",
                fix: "list the manifest's clip, \(clip), and remove other identifiers")
        }
        if !section.apps.contains(clip) {
            add(.clipMissing, .error, "$.appclips.apps", "'appclips' does not list the manifest's clip \(clip), so the domain's URLs cannot invoke it",
                fix: "add \"\(clip)\" to appclips.apps")
        }
    }

    mutating func checkRoutes(matcher: AASAMatcher, document: AASADocument, domain: String) {
        let app = manifest.appIdentifier
        let sampler = RouteSampleURLs(parameterKinds: parameterKinds)
        let otherApps = matcher.applicationIdentifiers.filter { $0 != app }
        var checkedAny = false
        for route in manifest.routes {
            for source in route.patterns {
                guard let pattern = try? RoutePattern(parsing: source), pattern.host == domain else { continue }
                checkedAny = true
                let urls = sampler.urls(for: pattern, of: route)
                var reported = false
                for url in urls where !reported {
                    guard let result = try? matcher.match(url, appID: app, domain: domain) else { continue }
                    switch result.outcome {
                    case .match:
                        continue
                    case .block:
                        reported = true
                        let blocker = componentPath(result, matcher: matcher)
                        add(.routeBlocked, .error, blocker,
                            "route '\(route.name)' (\(source)): \(url) is excluded from the app \(app) by this component, so it opens in the browser\(clipNote(route))",
                            fix: "remove the exclusion or move the route's component (\"/\": \"\(AASAGenerator.pathPattern(for: pattern))\") before it")
                    case .unset:
                        reported = true
                        add(.routeNotOpened, .error, document.appLinks == nil ? "$" : "$.applinks.details",
                            "route '\(route.name)' (\(source)): no component sends \(url) to the app \(app), so it opens in the browser\(clipNote(route))",
                            fix: "add {\"/\": \"\(AASAGenerator.pathPattern(for: pattern))\"} to the components of the entry for \(app) (or run 'clipkit aasa generate')")
                    }
                }
                for other in otherApps {
                    guard let url = urls.first(where: { (try? matcher.match($0, appID: other, domain: domain))?.outcome == .match }),
                          let result = try? matcher.match(url, appID: other, domain: domain) else { continue }
                    add(.routeSharedWithOtherApp, .warning, componentPath(result, matcher: matcher),
                        "route '\(route.name)' (\(source)): \(url) also opens \(other); when both apps are installed, the system may open either",
                        fix: "narrow the patterns of \(other) so that they leave the manifest's routes to \(app)")
                }
            }
        }
        if !checkedAny, !manifest.routes.isEmpty {
            add(.domainUnknown, .warning, "$", "no route of the manifest is on \(domain), so no route was checked",
                fix: "validate the file of a domain the manifest's routes use (\(manifest.domains.joined(separator: ", ")))")
        }
    }

    func clipNote(_ route: ClipManifest.RouteDefinition) -> String {
        route.handledBy == .clip ? " (the clip handles this route until the app is installed; then the app must open it)" : ""
    }

    func componentPath(_ result: AASAMatchResult, matcher: AASAMatcher) -> String {
        guard let detail = result.detailIndex, let component = result.componentIndex else { return "$.applinks.details" }
        return matcher.componentPath(detail: detail, component: component)
    }
}

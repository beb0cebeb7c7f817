@_spi(ClipKitTooling) import ClipKit

/// What differs between two AASA files in terms of what they do: apps, components, the apps of
/// the other sections, and — with a manifest — which sample URLs of its routes route differently.
struct AASASemanticDiff {
    let manifest: ClipManifest?
    let parameterKinds: ParameterKindRegistry

    func differences(cdn: AASADocument, domainFile: AASADocument, domain: String) -> [AASACDNDifference] {
        var result: [AASACDNDifference] = []
        let before = AASAMatcher(document: cdn)
        let after = AASAMatcher(document: domainFile)
        let beforeApps = before.applicationIdentifiers
        let afterApps = after.applicationIdentifiers
        for app in afterApps where !beforeApps.contains(app) {
            result.append(AASACDNDifference(kind: .appAdded, appID: app, subject: app, before: nil, after: nil))
        }
        for app in beforeApps where !afterApps.contains(app) {
            result.append(AASACDNDifference(kind: .appRemoved, appID: app, subject: app, before: nil, after: nil))
        }
        var orderChanged: [String] = []
        for app in union(beforeApps, afterApps) {
            let old = components(of: app, in: before)
            let new = components(of: app, in: after)
            for component in new where !old.contains(component) {
                result.append(AASACDNDifference(kind: .componentAdded, appID: app, subject: component, before: nil, after: component))
            }
            for component in old where !new.contains(component) {
                result.append(AASACDNDifference(kind: .componentRemoved, appID: app, subject: component, before: component, after: nil))
            }
            if old != new, Set(old) == Set(new) { orderChanged.append(app) }
        }
        for app in orderChanged {
            result.append(AASACDNDifference(kind: .otherChanged, appID: app, subject: "the order of the components for \(app)", before: nil, after: nil))
        }
        let sections: [(String, AASAServiceApps?, AASAServiceApps?)] = [
            ("appclips", cdn.appClips, domainFile.appClips),
            ("webcredentials", cdn.webCredentials, domainFile.webCredentials),
            ("activitycontinuation", cdn.activityContinuation, domainFile.activityContinuation),
        ]
        for (name, old, new) in sections where old?.apps != new?.apps {
            result.append(AASACDNDifference(kind: .sectionAppsChanged, appID: nil, subject: name, before: list(old?.apps), after: list(new?.apps)))
        }
        if cdn.appLinks?.defaults != domainFile.appLinks?.defaults {
            result.append(AASACDNDifference(kind: .otherChanged, appID: nil, subject: "applinks.defaults",
                                            before: cdn.appLinks?.defaults.map { text($0.json) }, after: domainFile.appLinks?.defaults.map { text($0.json) }))
        }
        if cdn.appLinks?.substitutionVariables != domainFile.appLinks?.substitutionVariables {
            result.append(AASACDNDifference(kind: .otherChanged, appID: nil, subject: "applinks.substitutionVariables", before: nil, after: nil))
        }
        result += routeChanges(before: before, after: after, apps: union(beforeApps, afterApps), domain: domain)
        if result.isEmpty {
            result.append(AASACDNDifference(kind: .otherChanged, appID: nil, subject: "the files' text (comments, unknown keys or defaults of single entries)",
                                            before: nil, after: nil))
        }
        return result
    }

    /// The sample URLs of the manifest's routes on `domain` whose answer differs for some app.
    func routeChanges(before: AASAMatcher, after: AASAMatcher, apps: [String], domain: String) -> [AASACDNDifference] {
        guard let manifest else { return [] }
        let sampler = RouteSampleURLs(parameterKinds: parameterKinds)
        var result: [AASACDNDifference] = []
        var seen: Set<String> = []
        for route in manifest.routes {
            for source in route.patterns {
                guard let pattern = try? RoutePattern(parsing: source), pattern.host == domain.lowercased() else { continue }
                for url in sampler.urls(for: pattern, of: route) where seen.insert(url).inserted {
                    for app in apps {
                        guard let old = try? before.match(url, appID: app, domain: domain), let new = try? after.match(url, appID: app, domain: domain),
                              old.outcome != new.outcome else { continue }
                        result.append(AASACDNDifference(kind: .routeChanged, appID: app, subject: "\(url) (route '\(route.name)')",
                                                        before: old.outcome.rawValue, after: new.outcome.rawValue))
                    }
                }
            }
        }
        return result
    }

    /// The components the rule engine evaluates for `app`, in order, with their defaults applied,
    /// so moving a key into `defaults` is no change while a new default pattern is.
    func components(of app: String, in matcher: AASAMatcher) -> [String] {
        matcher.details.filter { $0.appIDs.contains(app) }.flatMap(\.components).map { compiled in
            var component = compiled.source
            if component.caseSensitive == true { component.caseSensitive = nil }
            if component.percentEncoded == true { component.percentEncoded = nil }
            return text(component.json)
        }
    }

    func union(_ first: [String], _ second: [String]) -> [String] {
        first + second.filter { !first.contains($0) }
    }

    func list(_ apps: [String]?) -> String {
        "[" + (apps ?? []).joined(separator: ", ") + "]"
    }

    func text(_ value: JSONValue) -> String {
        String(decoding: value.serialized(), as: UTF8.self)
    }
}

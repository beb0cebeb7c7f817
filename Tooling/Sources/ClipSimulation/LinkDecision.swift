import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipSite
import Foundation

/// Who iOS hands a tapped link to, decided as the system does from the domain's AASA file.
package enum LinkHandler: String, Sendable, Hashable {
    /// The installed full app, as a universal link (`applinks` matched).
    case app
    /// An App Clip card for the clip (`appclips` lists it and the route is the clip's).
    case appClipCard = "app-clip-card"
    /// Safari: the share page on the link domain.
    case browser
}

/// The system's choice for one link, with the facts it was made from.
struct LinkDecision: Sendable {
    let handler: LinkHandler
    let reason: String
    let details: [SimulationStep.Detail]
}

/// Decides where a link goes with the AASA files that `AASAGenerator` writes for the manifest
/// and `AASAMatcher`'s Apple-exact matching.
struct LinkDispatcher: Sendable {
    let manifest: ClipManifest
    /// The manifest's router, which says which links Apple serves.
    let router: InvocationRouter
    let documents: [String: AASADocument]

    init(manifest: ClipManifest, router: InvocationRouter) throws(SimulationError) {
        self.manifest = manifest
        self.router = router
        do {
            documents = try AASAGenerator(manifest: manifest).documentsByDomain()
        } catch {
            throw .associationFile(error.description)
        }
    }

    /// The decision for a link Apple serves (the default App Clip link, a demo link): no domain,
    /// AASA file or entitlement of the team's takes part, so the clip opens `route` unless the app
    /// is installed. `link` describes it, `name` names it in the reason, `card` is the card iOS shows.
    private static func applesLink(_ link: String, named name: String, card: String, opening route: String, appInstalled: Bool) -> LinkDecision {
        let details = [
            SimulationStep.Detail("link", link),
            SimulationStep.Detail("aasa", "none: Apple serves the link"),
            SimulationStep.Detail("appInstalled", appInstalled ? "yes" : "no"),
        ]
        if appInstalled {
            return LinkDecision(handler: .app, reason: "the app is installed: iOS opens it with \(name), as with every App Clip invocation", details: details)
        }
        return LinkDecision(handler: .appClipCard, reason: "no app installed: iOS shows \(card), and the clip opens route '\(route)'", details: details)
    }

    /// Where `url` goes on a phone with or without the full app; `match` is the router's answer.
    func decide(_ url: URL, match: RouteMatch?, appInstalled: Bool) -> LinkDecision {
        let host = url.host?.lowercased() ?? ""
        if let match, let served = router.appleServedLink(of: match) {
            // For a default link the router accepted, its `p` item names this clip.
            let (link, named, card) = served == .demoLink
                ? ("the demo link App Store Connect made for \(manifest.clip.bundleID): the default experience, without parameters", "the demo link", "the App Clip card")
                : ("Apple's default App Clip link for \(manifest.clip.bundleID) (iOS 16.4 and later; from other apps, iOS 17)", "the default link", "the default App Clip card")
            return Self.applesLink(link, named: named, card: card, opening: match.route, appInstalled: appInstalled)
        }
        var details = [SimulationStep.Detail("aasa", "https://\(host)\(AASADocument.wellKnownPath)")]
        guard let document = documents[host] else {
            return LinkDecision(handler: .browser, reason: "\(host) is not one of the manifest's domains, so no AASA file claims it", details: details)
        }
        let appID = manifest.appIdentifier
        let result: AASAMatchResult
        do {
            result = try AASAMatcher(document: document).match(url, appID: appID, domain: host)
        } catch {
            return LinkDecision(handler: .browser, reason: "the AASA matcher refused the URL: \(error.description)", details: details)
        }
        details.append(.init("applinks", "\(result.outcome.rawValue) for \(appID)" + (result.componentIndex.map { " (component \($0))" } ?? "")))
        let clipListed = document.appClips?.apps.contains(manifest.clipIdentifier) ?? false
        details.append(.init("appclips", clipListed ? "lists \(manifest.clipIdentifier)" : "does not list \(manifest.clipIdentifier)"))
        details.append(.init("appInstalled", appInstalled ? "yes" : "no"))
        if appInstalled {
            if result.outcome == .match {
                return LinkDecision(handler: .app, reason: "the app is installed and applinks matches: iOS opens the app, the clip is bypassed", details: details)
            }
            return LinkDecision(handler: .browser, reason: "the app is installed but applinks answers \(result.outcome.rawValue): iOS opens Safari", details: details)
        }
        guard let match, match.handledBy == .clip else {
            return LinkDecision(handler: .browser, reason: "no app installed and the link is not the clip's: iOS opens the share page in Safari", details: details)
        }
        guard clipListed else {
            return LinkDecision(handler: .browser, reason: "appclips does not list the clip, so iOS cannot show its card: it opens Safari", details: details)
        }
        return LinkDecision(handler: .appClipCard, reason: "no app installed: iOS shows the App Clip card for route '\(match.route)'", details: details)
    }
}

import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipReports

/// What to enter on a device to test the clip's invocations before App Store Connect has anything.
///
/// On a device with Developer mode, Settings → Developer → Local Experiences → Register Local
/// Experience takes a URL prefix, the clip's bundle ID, a title, a subtitle and an action (Open,
/// View or Play); invoking a URL that starts with the prefix (a QR code, an NFC tag, a link in
/// Messages) then shows that App Clip card. In Xcode, the clip scheme's environment variable
/// `_XCAppClipURL` hands the clip an invocation URL when it is run from Xcode.
///
/// One row per invocation URL prefix of each clip route (the prefix ``AppClipExperiencePlan`` plans;
/// routes that share one share the registration), each with a sample URL of the route for
/// `_XCAppClipURL` (one the manifest's router sends to that route), and one for Apple's default App Clip link,
/// `https://appclip.apple.com/id?p=<clip bundle ID>`, made from the bundle ID alone (its
/// `_XCAppClipURL` carries sample items of the first route the link opens), and one for each demo
/// link the manifest names (`clip.demoLinks`). A route with no pattern has only the default link's row.
package struct LocalExperiencePlan: Sendable, Hashable, Encodable {
    /// One Local Experience to register.
    package struct Row: Sendable, Hashable, Encodable {
        /// The manifest route the row comes from, `default link` or `demo link`.
        package var source: String
        /// The URL prefix to register: invocations of URLs that start with it show this card.
        package var urlPrefix: String
        /// The clip's bundle ID.
        package var bundleID: String
        /// The card's title.
        package var title: String
        /// The card's subtitle.
        package var subtitle: String
        /// The card's button: `Open`, `View` or `Play`.
        package var action: String
        /// A URL of the route to set as `_XCAppClipURL` in the clip's Xcode scheme.
        package var xcodeAppClipURL: String
    }

    /// The name of the Xcode scheme's environment variable that holds the invocation URL.
    package static let xcodeVariable = "_XCAppClipURL"

    /// The rows: clip routes' prefixes first, in manifest order, then the default link and the demo links.
    package let rows: [Row]

    /// The rows for `manifest`'s clip, with sample URLs whose captures hold values of their kinds.
    package init(manifest: ClipManifest, parameterKinds: ParameterKindRegistry = .standard) {
        let bundleID = manifest.clip.bundleID
        // Placeholders the person may change on the form: the app's name, and which route the card is for.
        let title = manifest.app.name ?? bundleID
        let samples = RouteSampleURLs(parameterKinds: parameterKinds)
        let router = try? InvocationRouter(manifest: manifest, parameterKinds: parameterKinds)
        // The first sample the manifest's router sends to the route itself (an earlier route may take some).
        func sample(_ pattern: RoutePattern, of route: ClipManifest.RouteDefinition) -> String? {
            let urls = samples.urls(for: pattern, of: route)
            let routed = urls.first { url in
                guard case .success(let match)? = router?.route(url) else { return false }
                return match.route == route.name
            }
            return routed ?? urls.first
        }
        var rows: [Row] = []
        for route in manifest.routes where route.handledBy == .clip {
            var prefixes: Set<String> = []
            for source in route.patterns {
                guard let pattern = try? RoutePattern(parsing: source) else { continue }
                let prefix = "https://\(pattern.host)\(pattern.literalPathPrefix)"
                guard prefixes.insert(prefix).inserted else { continue }
                rows.append(Row(
                    source: "route \(route.name)", urlPrefix: prefix, bundleID: bundleID, title: title,
                    subtitle: "Test of \(route.name)", action: "Open",
                    xcodeAppClipURL: sample(pattern, of: route) ?? prefix
                ))
            }
        }
        let defaultLink = InvocationRouter.defaultLink(clipBundleID: bundleID)
        // The Xcode scheme's URL opens the first route the default link opens, with its items.
        let opening = manifest.routes.first { $0.handledBy == .clip && $0.opensDefaultLink }
        rows.append(Row(
            source: "default link", urlPrefix: defaultLink, bundleID: bundleID, title: title,
            subtitle: "Test of the default App Clip link", action: "Open",
            xcodeAppClipURL: opening.map { samples.defaultLink(of: $0, clipBundleID: bundleID) } ?? defaultLink
        ))
        for demoLink in manifest.clip.demoLinks {
            rows.append(Row(
                source: "demo link", urlPrefix: demoLink, bundleID: bundleID, title: title,
                subtitle: "Test of the demo link", action: "Open", xcodeAppClipURL: demoLink
            ))
        }
        self.rows = rows
    }
}

/// What `clipkit experiences local --json` prints: the Local Experiences to register on a device,
/// and the `_XCAppClipURL` values for the clip's Xcode scheme.
package struct LocalExperiencesReport: CommandReport {
    package static let schemaName = "experiences-local"
    package static let commands = "clipkit experiences local"
    package static let members: [ReportMember] = [
        .required("xcodeVariable", .string),
        .required("experiences", .array(.object([
            .required("source", .string), .required("urlPrefix", .string), .required("bundleID", .string),
            .required("title", .string), .required("subtitle", .string), .required("action", .oneOf(["Open", "View", "Play"])),
            .required("xcodeAppClipURL", .string),
        ]))),
    ]

    package let schemaVersion = ReportVersion.current
    /// The environment variable of the Xcode scheme, `_XCAppClipURL`.
    package let xcodeVariable = LocalExperiencePlan.xcodeVariable
    /// The rows.
    package let experiences: [LocalExperiencePlan.Row]

    /// The report of `plan`.
    package init(_ plan: LocalExperiencePlan) {
        experiences = plan.rows
    }
}

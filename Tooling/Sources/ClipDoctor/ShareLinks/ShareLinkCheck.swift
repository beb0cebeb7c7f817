import ClipReports
import ClipAASA
import ClipKit
import Foundation

/// Checks a deployed share link the way Safari, Messages and link-preview crawlers first meet it:
/// the status its URL answers with, the first HTML (read without running scripts) and the AASA
/// file of its domain.
///
/// ```swift
/// let check = ShareLinkCheck(manifest: manifest, parameterKinds: kinds)
/// let report = await check.check(URL(string: "https://roadflare.app/share/d/npub1…")!)
/// print(report.status, report.hasAppClipBanner, report.association.status)
/// ```
///
/// The share URL is fetched once with GET, redirects reported and not followed, at most
/// ``HTMLHead/maximumBytes`` read. The AASA is fetched from the same origin's
/// `/.well-known/apple-app-site-association` through ClipAASA's validator, so its findings
/// (`aasa.…`: redirect, status, content type, the file's content against the manifest) come with
/// the report.
package struct ShareLinkCheck: Sendable {
    /// The manifest the link's route, app and clip come from.
    package var manifest: ClipManifest
    /// The parameter kinds the routes use.
    package var parameterKinds: ParameterKindRegistry
    /// How the link and the AASA are fetched.
    package var fetcher: any AASAFetching

    /// Words that mark a preview title as an error page's, compared in lower case.
    package static let errorTitleWords = ["not found", "404", "error", "does not exist", "no such page"]

    /// Creates a check.
    package init(manifest: ClipManifest, parameterKinds: ParameterKindRegistry = .standard, fetcher: any AASAFetching = URLSessionAASAFetcher()) {
        self.manifest = manifest
        self.parameterKinds = parameterKinds
        self.fetcher = fetcher
    }

    /// Fetches `url` and its domain's AASA and reports what a crawler and Safari see.
    package func check(_ url: URL) async -> ShareLinkReport {
        var report = ShareLinkReport(url: url.absoluteString)
        let label = url.absoluteString
        report.route = route(of: url)
        if report.route == nil {
            report.findings.append(Finding(
                .shareLinkNoRoute, message: "\(label.prefix(200)) is not a URL of any route in the manifest",
                file: label, key: nil,
                fix: "give a share link whose host is a manifest domain and whose path matches a route's pattern, such as \(sampleLink())"
            ))
        }
        let response: AASAFetchResponse
        do {
            response = try await fetcher.fetch(url, limit: HTMLHead.maximumBytes)
        } catch {
            report.findings.append(Finding(
                .shareLinkUnreachable, message: "could not fetch \(label.prefix(200)): \(error.description)",
                file: label, key: nil, fix: "check that the domain resolves and its server answers on port \(url.port ?? (url.scheme == "http" ? 80 : 443))"
            ))
            report.association = await association(for: url)
            return report
        }
        report.status = response.statusCode
        report.location = response.header("Location")
        report.contentType = response.header("Content-Type")
        let head = HTMLHead(reading: response.body)
        report.title = head.title
        report.previewTitle = head.previewTitle
        report.smartAppBanner = head.smartAppBanner
        report.findings += findings(response: response, head: head, report: &report, label: label)
        report.association = await association(for: url)
        return report
    }

    /// The route `url` matches, if any.
    func route(of url: URL) -> ShareLinkReport.Route? {
        guard let router = try? InvocationRouter(manifest: manifest, parameterKinds: parameterKinds),
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        // The route is the public URL's: a loopback or staging copy is routed as the manifest's domain.
        if let host = components.host?.lowercased(), !manifest.domains.contains(where: { $0.lowercased() == host }),
           let first = manifest.domains.first {
            components.host = first
        }
        components.scheme = "https"
        components.port = nil
        guard let routed = components.url, case .success(let match) = router.route(routed) else { return nil }
        return ShareLinkReport.Route(name: match.route, handledBy: match.handledBy == .clip ? "clip" : "app")
    }

    private func sampleLink() -> String {
        guard let source = manifest.routes.first?.patterns.first else { return "https://DOMAIN/PATH" }
        return source.replacingOccurrences(of: "{", with: "<").replacingOccurrences(of: "}", with: ">")
    }

    private func findings(response: AASAFetchResponse, head: HTMLHead, report: inout ShareLinkReport, label: String) -> [Finding] {
        var findings: [Finding] = []
        let banner = SmartAppBannerFields(head.smartAppBanner ?? "")
        let handledByClip = report.route?.handledBy != "app"
        report.hasAppClipBanner = banner.fields["app-clip-bundle-id"] != nil
        let previewTitle = head.previewTitle ?? ""
        let lowered = previewTitle.lowercased()
        report.previewLooksLikeError = Self.errorTitleWords.contains { lowered.contains($0) }
            || (head.title.map { title in Self.errorTitleWords.contains { title.lowercased().contains($0) } } ?? false)
        let pageIsRight = (report.hasAppClipBanner || !handledByClip) && !report.previewLooksLikeError && !previewTitle.isEmpty

        if (300...399).contains(response.statusCode) {
            findings.append(Finding(
                .shareLinkRedirect,
                message: "\(label.prefix(200)) answered \(response.statusCode), a redirect to \(report.location?.prefix(200) ?? "nowhere"); link previews and the Smart App Banner come from the page it leads to",
                file: label, key: nil, fix: "serve the share page at the link itself with status 200"
            ))
            return findings
        }
        if response.statusCode != 200 {
            let hint = response.statusCode == 404
                ? "a static host answers unknown paths with 404.html; deploy the rewrites clipkit site build writes (_redirects, vercel.json, .htaccess, Caddyfile) on a host that reads them, so share links answer 200 (GitHub Pages cannot: see docs/link-domain.md)"
                : "make the link answer 200 with its share page"
            findings.append(Finding(
                .shareLinkStatus, severity: pageIsRight ? .warning : .error,
                message: "\(label.prefix(200)) answered with status \(response.statusCode), not 200"
                    + (pageIsRight ? "; its first HTML still has the banner and a preview title" : ""),
                file: label, key: nil, fix: hint
            ))
        }
        let mediaType = (report.contentType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if mediaType != "text/html" && mediaType != "application/xhtml+xml" {
            findings.append(Finding(
                .shareLinkNotHTML, message: "\(label.prefix(200)) answered with Content-Type '\(report.contentType?.prefix(80) ?? "")', not HTML",
                file: label, key: "Content-Type", fix: "serve share pages as text/html; charset=utf-8"
            ))
        }
        if handledByClip {
            if let bundle = banner.fields["app-clip-bundle-id"] {
                if bundle != manifest.clip.bundleID {
                    findings.append(Finding(
                        .shareLinkBannerMismatch, message: "the Smart App Banner offers the App Clip '\(bundle.prefix(200))', not the manifest's \(manifest.clip.bundleID)",
                        file: label, key: "apple-itunes-app", fix: "rebuild the site from this manifest (clipkit site build) and deploy it"
                    ))
                }
                if banner.fields["app-clip-display"] != "card" {
                    findings.append(Finding(
                        .shareLinkBannerNotCard, message: "the Smart App Banner has no app-clip-display=card, so Safari on iOS 15 and later shows the banner instead of the App Clip card",
                        file: label, key: "apple-itunes-app", fix: "add app-clip-display=card to the apple-itunes-app meta tag"
                    ))
                }
            } else {
                findings.append(Finding(
                    .shareLinkBannerMissing,
                    message: head.smartAppBanner.map { "the first HTML's Smart App Banner ('\($0.prefix(200))') does not offer the App Clip: it has no app-clip-bundle-id" }
                        ?? "the first HTML has no Smart App Banner (<meta name=\"apple-itunes-app\">); a banner a script adds later may not be shown",
                    file: label, key: "apple-itunes-app",
                    fix: "serve the route's page (clipkit site build writes one per route, with the banner in its head) for this URL"
                ))
            }
        }
        if let appID = banner.fields["app-id"], appID != manifest.app.appStoreID {
            findings.append(Finding(
                .shareLinkBannerMismatch, message: "the Smart App Banner's app-id is '\(appID.prefix(40))', not the manifest's \(manifest.app.appStoreID)",
                file: label, key: "apple-itunes-app", fix: "rebuild the site from this manifest (clipkit site build) and deploy it"
            ))
        }
        if report.previewLooksLikeError {
            findings.append(Finding(
                .shareLinkErrorTitle,
                message: "the preview title '\(previewTitle.isEmpty ? (head.title ?? "") : previewTitle)' reads as an error page; Messages, Slack and other crawlers show it for this link",
                file: label, key: head.metaProperties["og:title"] != nil ? "og:title" : "title",
                fix: "serve the route's page for this URL, or rebuild the site so that 404.html's head names the app instead of an error"
            ))
        }
        if head.metaProperties["og:title"] == nil {
            findings.append(Finding(
                .shareLinkPreviewTitleMissing, message: "the first HTML has no og:title; previews fall back to the page's <title>",
                file: label, key: "og:title", fix: "add <meta property=\"og:title\"> to the page's head"
            ))
        }
        return findings
    }

    /// The AASA of `url`'s origin, fetched once through the validator.
    private func association(for url: URL) async -> ShareLinkReport.Association? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.percentEncodedPath = AASADocument.wellKnownPath
        components.query = nil
        components.fragment = nil
        guard let target = components.url else { return nil }
        let recorder = RecordingFetcher(fetcher)
        let domain = manifest.domains.first { $0.lowercased() == url.host?.lowercased() } ?? (manifest.domains.count == 1 ? manifest.domains.first : nil)
        let validator = AASAValidator(manifest: manifest, domain: domain, parameterKinds: parameterKinds)
        let validation = await validator.validate(url: target, using: recorder)
        var association = ShareLinkReport.Association(url: target.absoluteString)
        if let response = recorder.response {
            association.status = response.statusCode
            association.location = response.header("Location")
            association.contentType = response.header("Content-Type")
            association.redirected = (300...399).contains(response.statusCode)
        }
        if association.redirected {
            association.findings.append(Finding(
                .shareLinkAssociationRedirect,
                message: "\(target.absoluteString.prefix(200)) answered \(association.status ?? 0), a redirect to \(association.location?.prefix(200) ?? "nowhere"); the system does not follow redirects for the AASA file",
                file: target.absoluteString, key: nil, fix: "serve the AASA at \(AASADocument.wellKnownPath) with status 200 and no redirect"
            ))
        }
        if let response = recorder.response, response.statusCode == 200, Self.isMarkup(response.body) {
            let title = HTMLHead(reading: response.body).previewTitle.map { " ('\($0.prefix(120))')" } ?? ""
            association.findings.append(Finding(
                .shareLinkAssociationPage,
                message: "\(target.absoluteString.prefix(200)) answered with an HTML page\(title) labelled '\(association.contentType?.prefix(80) ?? "")', not the AASA file; iOS cannot read the domain's associations there, so neither the App Clip nor universal links open",
                file: target.absoluteString, key: nil,
                fix: "a rewrite on the host sends \(AASADocument.wellKnownPath) to a page: serve the file clipkit site build wrote at .well-known/apple-app-site-association before any rewrite (the Caddyfile, .htaccess, _redirects and vercel.json it writes do), and deploy again"
            ))
        }
        // The validator reports the redirect too (aasa.hosting.redirect): the finding above says it once.
        let validatorFindings = validation.findings.filter { !(association.redirected && $0.code == AASAFinding.Code.redirect) }
        association.findings += validatorFindings.map { $0.finding(file: target.absoluteString) }
        return association
    }

    /// Whether `body` is markup (HTML or XML), not JSON: its first character other than white
    /// space and a UTF-8 byte-order mark is `<`, which no JSON text starts with.
    static func isMarkup(_ body: Data) -> Bool {
        var bytes = body[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }
}

/// The `key=value` fields of a Smart App Banner's `content`, separated by commas.
struct SmartAppBannerFields {
    let fields: [String: String]

    init(_ content: String) {
        var fields: [String: String] = [:]
        for part in content.split(separator: ",").prefix(16) {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
            if fields[key] == nil { fields[key] = pair[1].trimmingCharacters(in: .whitespaces) }
        }
        self.fields = fields
    }
}

/// Passes requests on and remembers the last response, so that one fetch serves the validator
/// and the report.
private final class RecordingFetcher: AASAFetching, @unchecked Sendable {
    private let fetcher: any AASAFetching
    private let lock = NSLock()
    private var recorded: AASAFetchResponse?

    init(_ fetcher: any AASAFetching) {
        self.fetcher = fetcher
    }

    var response: AASAFetchResponse? {
        lock.withLock { recorded }
    }

    func fetch(_ url: URL, limit: Int) async throws(AASAFetchError) -> AASAFetchResponse {
        let response = try await fetcher.fetch(url, limit: limit)
        record(response)
        return response
    }

    private func record(_ response: AASAFetchResponse) {
        lock.withLock { recorded = response }
    }
}

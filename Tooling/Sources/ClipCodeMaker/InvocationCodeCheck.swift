import ClipAppStoreConnect
import ClipDoctor
@_spi(ClipKitTooling) import ClipKit
import ClipSite
import Foundation

/// Checks, before a code is made, that scanning it opens the clip where it is meant to:
///
/// - the URL routes, with the manifest's router, to a route the clip handles — and, for a code
///   made for a route, to that route with the intended parameters;
/// - it lies under the prefix of an advanced App Clip experience of `clipkit experiences plan`
///   (without one, the camera shows no App Clip card for a code), or it is Apple's default App Clip
///   link (`https://appclip.apple.com/id?p=<clip>&…`, iOS 16.4 and later), which opens the default
///   experience and which the router must route to a clip route that opens default links, or
///   one of the clip's demo links (`clip.demoLinks`), which open it too and carry no parameters;
/// - the clip declares physical invocations, so the stricter size limit that codes and tags impose
///   is the one `clipkit doctor` holds it to.
package struct InvocationCodeCheck: Sendable {
    /// The manifest.
    package let manifest: ClipManifest
    /// The experiences the plan registers.
    package let plan: AppClipExperiencePlan
    /// The size limit a physical invocation puts on the clip, when the manifest's minimum iOS is readable.
    package let physicalSizeLimit: AppClipSizeLimit?
    private let router: InvocationRouter
    private let selector: AppClipExperienceSelector

    /// The longest URL a code is made for: what a version-40 QR code holds at level L.
    package static let maximumURLLength = 2_953

    /// A check for `manifest`, its router built with `parameterKinds`, against `plan`.
    package init(manifest: ClipManifest, plan: AppClipExperiencePlan, parameterKinds: ParameterKindRegistry) throws(CodeMakerError) {
        self.manifest = manifest
        self.plan = plan
        do {
            router = try InvocationRouter(manifest: manifest, parameterKinds: parameterKinds)
        } catch {
            throw .badRequest("the manifest's routes do not compile: \(error)")
        }
        selector = AppClipExperienceSelector(experiences: plan.experiences.compactMap { experience in
            URL(string: experience.link).map { AppClipExperienceSelector.Experience(identifier: experience.link, url: $0) }
        })
        let kinds = Set(manifest.clip.invocations.compactMap { ClipInvocationKind(rawValue: $0.rawValue) }).union([.physical])
        physicalSizeLimit = AppClipSizeLimit.forClip(minimumIOS: manifest.clip.minimumIOS, invocations: kinds)
    }

    /// Why a code for `target` must not be made, or `nil` when it opens the clip as intended.
    package func refusal(for target: CodeTarget) -> CodeRefusal? {
        let url = target.url
        guard url.utf8.count <= Self.maximumURLLength else {
            return CodeRefusal(url: url, check: .url, reason: "the URL has \(url.utf8.count) bytes; no QR code holds more than \(Self.maximumURLLength)")
        }
        let match: RouteMatch
        switch router.route(url) {
        case .failure(let failure):
            return CodeRefusal(url: url, check: .route, reason: "no clip route handles it: \(failure.description)")
        case .success(let found):
            match = found
        }
        guard match.handledBy == .clip else {
            return CodeRefusal(url: url, check: .route, reason: "it routes to '\(match.route)', which the app handles, not the clip: scanning it offers the app, never the clip")
        }
        if let intended = target.intendedRoute, match.route != intended || match.parameters != target.intendedParameters {
            return CodeRefusal(url: url, check: .route, reason: "it routes to '\(match.route)' with \(Self.describe(match.parameters)), not to '\(intended)' with \(Self.describe(target.intendedParameters))")
        }
        // Apple's default App Clip link and the demo link open the default experience: no advanced one is needed.
        let appleServed = router.appleServedLink(of: match)
        guard appleServed != nil || URL(string: url).flatMap(selector.experience(for:)) != nil else {
            let links = plan.experiences.map(\.link)
            return CodeRefusal(url: url, check: .experience, reason: "it lies under no advanced App Clip experience of 'clipkit experiences plan' (\(links.isEmpty ? "none" : links.joined(separator: ", "))): without one the camera shows no App Clip card; add a place or a clip route whose prefix covers it")
        }
        // Apple allows the demo link physical invocations whatever the clip declares, at the demo link's own size limit.
        guard appleServed == .demoLink || manifest.clip.invocations.contains(.physical) else {
            let limit = physicalSizeLimit.map { " (\($0.bytes / AppClipSizeLimit.megabyte) MB for minimum iOS \(manifest.clip.minimumIOS))" } ?? ""
            return CodeRefusal(url: url, check: .physical, reason: "the manifest's clip.invocations does not list \"physical\": a QR code or an NFC tag is a physical invocation, whose stricter size limit\(limit) 'clipkit doctor' would not check; add \"physical\" to clip.invocations")
        }
        return nil
    }

    private static func describe(_ parameters: [String: String]) -> String {
        parameters.isEmpty ? "no parameters" : "{" + parameters.keys.sorted().map { "\($0): \(parameters[$0] ?? "")" }.joined(separator: ", ") + "}"
    }
}

/// A URL no code is made for, and why.
package struct CodeRefusal: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The check that refused it.
    package enum Check: String, Sendable, Hashable, Encodable {
        /// The URL is too long or not a URL.
        case url
        /// It does not route to the clip (as intended).
        case route
        /// No advanced App Clip experience covers it.
        case experience
        /// The clip does not declare physical invocations.
        case physical
        /// Its NDEF message does not fit the tag.
        case nfc
        /// An App Clip Code's artwork file is unusable.
        case appClipCode
    }

    /// The URL.
    package let url: String
    /// The check that refused it.
    package let check: Check
    /// Why, and what to do.
    package let reason: String

    /// Creates a refusal.
    package init(url: String, check: Check, reason: String) {
        self.url = url
        self.check = check
        self.reason = reason
    }

    /// `URL: reason`.
    package var description: String { "\(url): \(reason)" }
}

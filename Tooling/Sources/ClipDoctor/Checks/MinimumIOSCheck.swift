import ClipReports
import ClipKit

/// Checks the manifest's `clip.minimumIOS` against what the clip's code needs: ClipKit's shipped
/// modules build for iOS 15, and the Nostr driver-share flow (ClipNostr's profile fetcher and
/// ClipNostrUI) for iOS 16, where the standard library's clocks arrive.
///
/// A clip is on the Nostr flow when the manifest has a `nostr` section or a route captures an
/// `npub`, `nostrProfile` or `nostrPerson` parameter.
package struct MinimumIOSCheck: Sendable {
    /// The lowest iOS that ClipKit's shipped modules build for.
    package static let clipKitMinimum = "15.0"
    /// The lowest iOS that the Nostr driver-share flow builds for.
    package static let nostrFlowMinimum = "16.0"
    /// The lowest iOS that opens Apple's default App Clip link with the team's query items.
    package static let defaultLinkMinimum = "16.4"
    /// The lowest iOS that opens the default App Clip link from another app.
    package static let defaultLinkFromOtherAppsMinimum = "17.0"
    /// The names of ClipNostr's route parameter kinds (`ParameterKind.nostrKinds`). Written out so
    /// that the doctor does not link ClipNostr (and with it libsecp256k1 on Linux); a test checks
    /// that they are ClipNostr's.
    package static let nostrParameterKindNames: Set<String> = ["npub", "nostrProfile", "nostrPerson"]

    /// The manifest checked.
    package let manifest: ClipManifest

    /// Creates the check for `manifest`.
    package init(manifest: ClipManifest) {
        self.manifest = manifest
    }

    /// What puts the clip on the Nostr flow, for a person, or `nil` when nothing does.
    package var nostrFlowEvidence: String? {
        if manifest.nostr != nil { return "the manifest has a nostr section" }
        let nostrKinds = Self.nostrParameterKindNames
        for route in manifest.routes {
            if let parameter = route.params.keys.sorted().first(where: { route.params[$0].map(nostrKinds.contains) == true }) {
                return "route '\(route.name)' captures '\(parameter)' as \(route.params[parameter] ?? "")"
            }
        }
        return nil
    }

    /// The findings: one `clip.manifest.minimum-ios` error when `clip.minimumIOS` is below what
    /// the clip needs, and a `clip.manifest.default-link-ios` warning when `clip.minimumIOS` is below
    /// iOS 16.4 and a route opens only through Apple's default App Clip link (it has no pattern). A
    /// route with links of its own that also opens the default link gets none: older versions reach
    /// it through its own links. None when the version is enough or is not a version (the manifest
    /// loader reports that).
    ///
    /// - Parameter file: The manifest's path, for the finding.
    package func findings(file: String?) -> [Finding] {
        let declared = manifest.clip.minimumIOS
        guard let version = FieldVersion(declared),
              let clipKit = FieldVersion(Self.clipKitMinimum),
              let nostrFlow = FieldVersion(Self.nostrFlowMinimum),
              let defaultLink = FieldVersion(Self.defaultLinkMinimum) else { return [] }
        var findings: [Finding] = []
        if let evidence = nostrFlowEvidence, version < nostrFlow {
            findings.append(Finding(
                .clipManifestMinimumIOS,
                message: "clip.minimumIOS is \(declared), but the clip is on the Nostr flow (\(evidence)), which needs iOS \(Self.nostrFlowMinimum): ClipNostr's profile fetcher and ClipNostrUI use the standard library's clocks",
                file: file, key: "clip.minimumIOS",
                fix: "Set clip.minimumIOS to \(Self.nostrFlowMinimum) or later and the clip target's deployment target with it, or take the Nostr flow out of this clip."
            ))
        } else if version < clipKit {
            findings.append(Finding(
                .clipManifestMinimumIOS,
                message: "clip.minimumIOS is \(declared), but ClipKit's modules need iOS \(Self.clipKitMinimum) or later",
                file: file, key: "clip.minimumIOS",
                fix: "Set clip.minimumIOS to \(Self.clipKitMinimum) or later and the clip target's deployment target with it."
            ))
        }
        // A route with links of its own reaches every version through them; the default link is
        // then one more way in, so only a route that nothing else opens needs iOS 16.4.
        if version < defaultLink, let route = manifest.routes.first(where: { $0.opensDefaultLink && $0.patterns.isEmpty }) {
            findings.append(Finding(
                .clipManifestDefaultLinkIOS,
                message: "clip.minimumIOS is \(declared), but route '\(route.name)' opens only through Apple's default App Clip link, whose query items iOS passes to the clip from \(Self.defaultLinkMinimum) on (from other apps, from iOS \(Self.defaultLinkFromOtherAppsMinimum)); on older versions nothing reaches the route",
                file: file, key: "clip.minimumIOS",
                fix: "Set clip.minimumIOS to \(Self.defaultLinkMinimum) or later, or give the route a pattern on a domain of your own, which every version opens."
            ))
        }
        return findings
    }
}

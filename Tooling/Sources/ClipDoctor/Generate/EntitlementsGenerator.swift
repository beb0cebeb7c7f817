import ClipKit
import Foundation

/// Writes the entitlements and the `NSAppClip` Info.plist fragment that a manifest implies.
///
/// The output passes `clipkit doctor` with no findings: it is the reference the checks compare
/// against. Values are written literally (`6Y98438M9X.com.roadflare.RoadFlare`), not through
/// Xcode's `$(AppIdentifierPrefix)`, so the files say exactly what the manifest says.
package struct EntitlementsGenerator: Sendable {
    /// The app's entitlements file name.
    package static let appEntitlementsFileName = "App.entitlements"
    /// The clip's entitlements file name.
    package static let clipEntitlementsFileName = "AppClip.entitlements"
    /// The clip's Info.plist fragment file name.
    package static let clipInfoPlistFileName = "AppClip-Info.plist"

    /// What the manifest expects.
    package var expectations: ManifestExpectations

    /// Creates a generator for `manifest`.
    package init(manifest: ClipManifest) {
        expectations = ManifestExpectations(manifest: manifest)
    }

    /// The full app's entitlements: the clip's identifier, `appclips:` and `applinks:` for every
    /// domain, and the App Group. A manifest with no domains gets no associated-domains entitlement
    /// (here or on the clip), which would need the capability in the provisioning profile for nothing.
    package var appEntitlements: PropertyListValue {
        var entries: [String: PropertyListValue] = [
            EntitlementKey.associatedAppClipIdentifiers: .array([.string(expectations.clipIdentifier)]),
            EntitlementKey.applicationGroups: .array([.string(expectations.appGroup)]),
        ]
        if !expectations.domains.isEmpty {
            entries[EntitlementKey.associatedDomains] = .array(
                expectations.domains.map { .string("appclips:\($0)") } + expectations.domains.map { .string("applinks:\($0)") }
            )
        }
        return .dictionary(entries)
    }

    /// The clip's entitlements: on-demand-install capable, the parent app, `appclips:` for every
    /// domain, and the App Group.
    package var clipEntitlements: PropertyListValue {
        var entries: [String: PropertyListValue] = [
            EntitlementKey.onDemandInstallCapable: .boolean(true),
            EntitlementKey.parentApplicationIdentifiers: .array([.string(expectations.appIdentifier)]),
            EntitlementKey.applicationGroups: .array([.string(expectations.appGroup)]),
        ]
        if !expectations.domains.isEmpty {
            entries[EntitlementKey.associatedDomains] = .array(expectations.domains.map { .string("appclips:\($0)") })
        }
        return .dictionary(entries)
    }

    /// The clip's `NSAppClip` Info.plist fragment: ephemeral notifications and location
    /// confirmation as the manifest's `clip.requestsEphemeralNotifications` and
    /// `clip.requestsLocationConfirmation` say (both off unless set; ClipKit's handoff needs neither).
    package var clipInfoPlistFragment: PropertyListValue {
        .dictionary([
            InfoPlistKey.appClip: .dictionary([
                InfoPlistKey.requestEphemeralUserNotification: .boolean(expectations.requestsEphemeralNotifications),
                InfoPlistKey.requestLocationConfirmation: .boolean(expectations.requestsLocationConfirmation),
            ]),
        ])
    }

    /// Writes the three files into `folder` (creating it) and returns their URLs: the app's
    /// entitlements, the clip's entitlements, the clip's Info.plist fragment.
    package func write(to folder: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files: [(String, PropertyListValue)] = [
            (Self.appEntitlementsFileName, appEntitlements),
            (Self.clipEntitlementsFileName, clipEntitlements),
            (Self.clipInfoPlistFileName, clipInfoPlistFragment),
        ]
        var written: [URL] = []
        for (name, value) in files {
            let url = folder.appendingPathComponent(name)
            try PropertyListWriter.xml(value).write(to: url, options: .atomic)
            written.append(url)
        }
        return written
    }
}

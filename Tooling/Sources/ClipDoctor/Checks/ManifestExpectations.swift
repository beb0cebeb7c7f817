import ClipKit

/// What the manifest says the entitlements and Info.plists must contain.
package struct ManifestExpectations: Sendable, Hashable {
    /// The team ID.
    package var teamID: String
    /// The full app's bundle ID.
    package var appBundleID: String
    /// The clip's bundle ID.
    package var clipBundleID: String
    /// The App Group both targets share.
    package var appGroup: String
    /// The link domains, lower-cased, in manifest order.
    package var domains: [String]
    /// The clip's minimum iOS version.
    package var minimumIOS: String
    /// How the clip is invoked.
    package var invocations: Set<ClipInvocationKind>
    /// Whether the clip confirms the place of a physical invocation (`NSAppClipRequestLocationConfirmation`).
    package var requestsLocationConfirmation: Bool
    /// Whether the clip receives notifications for eight hours (`NSAppClipRequestEphemeralUserNotification`).
    package var requestsEphemeralNotifications: Bool

    /// Reads the expectations from a manifest.
    package init(manifest: ClipManifest) {
        teamID = manifest.teamID
        appBundleID = manifest.app.bundleID
        clipBundleID = manifest.clip.bundleID
        appGroup = manifest.appGroup
        domains = manifest.domains.map { $0.lowercased() }
        minimumIOS = manifest.clip.minimumIOS
        invocations = Set(manifest.clip.invocations.compactMap { ClipInvocationKind(rawValue: $0.rawValue) })
        requestsLocationConfirmation = manifest.clip.requestsLocationConfirmation
        requestsEphemeralNotifications = manifest.clip.requestsEphemeralNotifications
    }

    /// The app's application identifier, `TEAMID.appBundleID`.
    package var appIdentifier: String { "\(teamID).\(appBundleID)" }

    /// The clip's application identifier, `TEAMID.clipBundleID`.
    package var clipIdentifier: String { "\(teamID).\(clipBundleID)" }

    /// The size limit for the clip.
    package var sizeLimit: AppClipSizeLimit? {
        AppClipSizeLimit.forClip(minimumIOS: minimumIOS, invocations: invocations)
    }

    /// `value` with Xcode's team-prefix build variables replaced by this team's prefix.
    ///
    /// Xcode's templates write `$(AppIdentifierPrefix)com.example.App`; the build replaces the
    /// variable with the signing team's `TEAMID.`.
    func resolvingTeamPrefix(_ value: String) -> String {
        var result = value
        for variable in ["$(AppIdentifierPrefix)", "${AppIdentifierPrefix}", "$(TeamIdentifierPrefix)", "${TeamIdentifierPrefix}"] {
            result = result.replacingOccurrences(of: variable, with: "\(teamID).")
        }
        return result
    }
}

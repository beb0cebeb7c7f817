import ClipKit

/// What the manifest says the entitlements and Info.plists must contain.
public struct ManifestExpectations: Sendable, Hashable {
    /// The team ID.
    public var teamID: String
    /// The full app's bundle ID.
    public var appBundleID: String
    /// The clip's bundle ID.
    public var clipBundleID: String
    /// The App Group both targets share.
    public var appGroup: String
    /// The link domains, lower-cased, in manifest order.
    public var domains: [String]
    /// The clip's minimum iOS version.
    public var minimumIOS: String
    /// How the clip is invoked.
    public var invocations: Set<ClipInvocationKind>
    /// Whether the clip confirms the place of a physical invocation (`NSAppClipRequestLocationConfirmation`).
    public var requestsLocationConfirmation: Bool
    /// Whether the clip receives notifications for eight hours (`NSAppClipRequestEphemeralUserNotification`).
    public var requestsEphemeralNotifications: Bool

    /// Reads the expectations from a manifest.
    public init(manifest: ClipManifest) {
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
    public var appIdentifier: String { "\(teamID).\(appBundleID)" }

    /// The clip's application identifier, `TEAMID.clipBundleID`.
    public var clipIdentifier: String { "\(teamID).\(clipBundleID)" }

    /// The size limit for the clip.
    public var sizeLimit: AppClipSizeLimit? {
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

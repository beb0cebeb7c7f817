import ClipKit
import ClipReports

/// Checks what the keychain handoff needs of the clip and the app, when the manifest marks a
/// handoff type secret (`"secret": true`), so that secrets cross the install through the keychain.
///
/// The clip writes its items into the access group that is its application identifier
/// (`TEAMID.clipBundleID`: an App Clip may use no other), so the clip must be signed with the
/// manifest's team prefix and ask for no other keychain group. On iOS 15.4 and later the app reads
/// them, given the association: its `com.apple.developer.associated-appclip-app-identifiers`
/// naming the clip, under the same team prefix. An app built for an earlier iOS cannot read them
/// there.
package struct KeychainHandoffCheck: Sendable {
    /// The lowest iOS on which an app reads its clip's keychain items.
    package static let appMinimumIOS = "15.4"

    /// What the manifest expects.
    package var expectations: ManifestExpectations
    /// The secret handoff types, by name; the check finds nothing when there are none.
    package var secretTypes: [String]

    /// Creates the check for `manifest`.
    package init(manifest: ClipManifest) {
        expectations = ManifestExpectations(manifest: manifest)
        secretTypes = manifest.handoff.types.filter(\.isSecret).map(\.name)
    }

    private var why: String {
        "the manifest hands off \(secretTypes.map { "'\($0)'" }.joined(separator: ", ")) through the keychain"
    }

    /// The findings for the clip's entitlements (signed into a built clip, or a source file).
    package func clipFindings(in value: PropertyListValue, file: String) -> [Finding] {
        guard !secretTypes.isEmpty, let entitlements = value.dictionaryValue else { return [] }
        var findings: [Finding] = []
        let identifierKey = EntitlementKey.applicationIdentifier
        if let identifier = identifierOutsideTeam(entitlements[identifierKey]) {
            findings.append(Finding(
                .keychainClipTeamPrefix,
                message: "the clip is signed as '\(identifier)', but \(why), into the access group '\(expectations.clipIdentifier)' (the team prefix and the clip's bundle ID), which a clip with another prefix cannot write",
                file: file, key: identifierKey,
                fix: "Sign the clip with team \(expectations.teamID), or set the manifest's teamID to the clip's App ID prefix."
            ))
        }
        let groupsKey = EntitlementKey.keychainAccessGroups
        if let groups = entitlements[groupsKey] {
            let others = (groups.stringArrayValue ?? []).map(expectations.resolvingTeamPrefix).filter { $0 != expectations.clipIdentifier }
            if groups.stringArrayValue == nil || !others.isEmpty {
                let found = groups.stringArrayValue == nil ? describe(groups) : others.map { "'\($0)'" }.joined(separator: ", ")
                findings.append(Finding(
                    .keychainClipAccessGroups,
                    message: "'\(groupsKey)' names \(found); an App Clip stores keychain items only in its own group '\(expectations.clipIdentifier)', and \(why)",
                    file: file, key: groupsKey,
                    fix: "Remove Keychain Sharing from the clip target (or list only '$(AppIdentifierPrefix)\(expectations.clipBundleID)'); the app reads the clip's items through the association, not a shared group."
                ))
            }
        }
        return findings
    }

    /// The findings for the app's entitlements (signed into a built app, or a source file).
    package func appFindings(in value: PropertyListValue, file: String) -> [Finding] {
        guard !secretTypes.isEmpty, let entitlements = value.dictionaryValue else { return [] }
        var findings: [Finding] = []
        let clipKey = EntitlementKey.associatedAppClipIdentifiers
        let associated = entitlements[clipKey]?.stringArrayValue?.map(expectations.resolvingTeamPrefix) ?? []
        if !associated.contains(expectations.clipIdentifier) {
            let found = entitlements[clipKey].map { " (found \(describe($0)))" } ?? ""
            findings.append(Finding(
                .keychainAppAssociation,
                message: "'\(clipKey)' does not name '\(expectations.clipIdentifier)'\(found), so the app cannot read its clip's keychain items, and \(why)",
                file: file, key: clipKey,
                fix: "Set '\(clipKey)' to ['\(expectations.clipIdentifier)'] (clipkit generate entitlements writes it)."
            ))
        }
        let identifierKey = EntitlementKey.applicationIdentifier
        if let identifier = identifierOutsideTeam(entitlements[identifierKey]) {
            findings.append(Finding(
                .keychainAppTeamPrefix,
                message: "the app is signed as '\(identifier)', not under the team prefix \(expectations.teamID) of its clip's keychain items, and \(why)",
                file: file, key: identifierKey,
                fix: "Sign the app and the clip with the same team, \(expectations.teamID)."
            ))
        }
        return findings
    }

    /// The findings for the built app's Info.plist: an app built for an iOS before 15.4 cannot read
    /// its clip's keychain items there.
    package func appInfoFindings(in value: PropertyListValue, file: String) -> [Finding] {
        guard !secretTypes.isEmpty, let minimum = value.dictionaryValue?[InfoPlistKey.minimumOSVersion]?.stringValue,
              let version = FieldVersion(minimum), let needed = FieldVersion(Self.appMinimumIOS), version < needed else { return [] }
        return [Finding(
            .keychainAppMinimumIOS,
            message: "the app is built for iOS \(minimum) and later, but it reads its clip's keychain items only on iOS \(Self.appMinimumIOS) and later; on earlier versions \(why) and the app finds nothing",
            file: file, key: InfoPlistKey.minimumOSVersion,
            fix: "Raise the app's deployment target to iOS \(Self.appMinimumIOS), or guard the keychain handoff with if #available(iOS \(Self.appMinimumIOS), *) and ask the person to sign in on earlier versions."
        )]
    }

    /// The signed application identifier, with its prefix resolved, when it is not under the
    /// manifest's team; `nil` when it is, or when none is signed.
    private func identifierOutsideTeam(_ value: PropertyListValue?) -> String? {
        guard let identifier = value?.stringValue.map(expectations.resolvingTeamPrefix),
              Self.prefix(of: identifier) != expectations.teamID else { return nil }
        return identifier
    }

    /// The App ID prefix of an application identifier (`TEAMID` of `TEAMID.bundleID`).
    static func prefix(of identifier: String) -> String {
        String(identifier.prefix { $0 != "." })
    }
}

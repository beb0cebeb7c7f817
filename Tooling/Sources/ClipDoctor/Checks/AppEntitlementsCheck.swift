import ClipReports

/// Checks the full app's entitlements against the manifest.
///
/// The app must name the clip in `associated-appclip-app-identifiers`, declare `appclips:` and
/// `applinks:` for every manifest domain, share the App Group, and carry no clip-only keys.
package struct AppEntitlementsCheck: Sendable {
    /// What the manifest expects.
    package var expectations: ManifestExpectations

    /// Creates the check.
    package init(expectations: ManifestExpectations) {
        self.expectations = expectations
    }

    /// The findings for the app entitlements `value`, read from `file`.
    package func findings(in value: PropertyListValue, file: String) -> [Finding] {
        guard let entitlements = value.dictionaryValue else {
            return [Finding(.appAssociatedClipIdentifier,
                            message: "the app's entitlements are \(value.typeDescription), expected a dictionary",
                            file: file, key: nil, fix: "Make the file a property list whose root is a <dict>.")]
        }
        var findings: [Finding] = []

        let clipKey = EntitlementKey.associatedAppClipIdentifiers
        let expectedClip = expectations.clipIdentifier
        switch entitlements[clipKey] {
        case nil:
            findings.append(Finding(.appAssociatedClipIdentifier, message: "'\(clipKey)' is missing; the app does not name its App Clip",
                                    file: file, key: clipKey, fix: "Add '\(clipKey)' = ['\(expectedClip)']."))
        case let value?:
            let resolved = value.stringArrayValue?.map(expectations.resolvingTeamPrefix)
            if resolved != [expectedClip] {
                let found = resolved.map { "[\($0.map { "'\($0)'" }.joined(separator: ", "))]" } ?? describe(value)
                findings.append(Finding(.appAssociatedClipIdentifier, message: "'\(clipKey)' is \(found), expected exactly ['\(expectedClip)']",
                                        file: file, key: clipKey, fix: "Set '\(clipKey)' to ['\(expectedClip)'] (team ID and the clip's bundle ID)."))
            }
        }

        let domains = DomainEntries(entitlements: entitlements, file: file, codes: .init(
            wildcard: .appDomainWildcard, path: .appDomainPath, mode: .appDomainMode, missing: .appAppClipsDomain))
        findings += domains.findings
        let domainsKey = EntitlementKey.associatedDomains
        for domain in expectations.domains {
            if !domains.contains(service: "appclips", domain: domain) {
                findings.append(Finding(.appAppClipsDomain, message: "no 'appclips:\(domain)' in '\(domainsKey)'; the app must declare the clip's domains too",
                                        file: file, key: domainsKey, fix: "Add 'appclips:\(domain)' to the app's Associated Domains."))
            }
            if !domains.contains(service: "applinks", domain: domain) {
                findings.append(Finding(.appAppLinksDomain, message: "no 'applinks:\(domain)' in '\(domainsKey)'; once installed, the app will not receive \(domain) links",
                                        file: file, key: domainsKey, fix: "Add 'applinks:\(domain)' to the app's Associated Domains."))
            }
        }

        let groupsKey = EntitlementKey.applicationGroups
        if entitlements[groupsKey]?.stringArrayValue?.contains(expectations.appGroup) != true {
            let found = entitlements[groupsKey].map { " (found \(describe($0)))" } ?? ""
            findings.append(Finding(.appAppGroup, message: "'\(groupsKey)' does not include '\(expectations.appGroup)'\(found); the app cannot claim the clip's handoff",
                                    file: file, key: groupsKey, fix: "Add the App Group '\(expectations.appGroup)' to the app target."))
        }

        for key in [EntitlementKey.onDemandInstallCapable, EntitlementKey.parentApplicationIdentifiers] where entitlements[key] != nil {
            findings.append(Finding(.appClipOnlyKey, message: "'\(key)' belongs on the App Clip, not on the full app",
                                    file: file, key: key, fix: "Remove '\(key)' from the app's entitlements."))
        }

        let identifierKey = EntitlementKey.applicationIdentifier
        if let value = entitlements[identifierKey], value.stringValue.map(expectations.resolvingTeamPrefix) != expectations.appIdentifier {
            findings.append(Finding(.appApplicationIdentifier, message: "the app is signed as '\(value.stringValue ?? describe(value))', expected '\(expectations.appIdentifier)'",
                                    file: file, key: identifierKey, fix: "Sign the app with team \(expectations.teamID) and bundle ID '\(expectations.appBundleID)'."))
        }
        return findings
    }
}

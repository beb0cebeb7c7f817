import ClipReports

/// Checks an App Clip's entitlements against the manifest.
///
/// The clip must be `on-demand-install-capable`, name the full app as its parent, declare an
/// `appclips:` domain for every manifest domain (no wildcard, path or `?mode=`), share the App
/// Group, and request nothing that App Clips cannot use.
package struct ClipEntitlementsCheck: Sendable {
    /// What the manifest expects.
    package var expectations: ManifestExpectations

    /// Creates the check.
    package init(expectations: ManifestExpectations) {
        self.expectations = expectations
    }

    /// The findings for the clip entitlements `value`, read from `file`.
    package func findings(in value: PropertyListValue, file: String) -> [Finding] {
        guard let entitlements = value.dictionaryValue else {
            return [Finding(.clipOnDemandInstallCapable,
                            message: "the clip's entitlements are \(value.typeDescription), expected a dictionary",
                            file: file, key: nil, fix: "Make the file a property list whose root is a <dict>.")]
        }
        var findings: [Finding] = []

        let installKey = EntitlementKey.onDemandInstallCapable
        switch entitlements[installKey] {
        case .boolean(true)?:
            break
        case nil:
            findings.append(Finding(.clipOnDemandInstallCapable, message: "'\(installKey)' is missing, so this target is not an App Clip",
                                    file: file, key: installKey, fix: "Add '\(installKey)' = <true/> (Xcode's App Clip target template adds it)."))
        case let other?:
            findings.append(Finding(.clipOnDemandInstallCapable, message: "'\(installKey)' is \(describe(other)), expected <true/>",
                                    file: file, key: installKey, fix: "Set '\(installKey)' to <true/>."))
        }

        let parentKey = EntitlementKey.parentApplicationIdentifiers
        let expectedParent = expectations.appIdentifier
        switch entitlements[parentKey] {
        case nil:
            findings.append(Finding(.clipParentIdentifier, message: "'\(parentKey)' is missing; the clip must name its full app",
                                    file: file, key: parentKey, fix: "Add '\(parentKey)' = ['\(expectedParent)']."))
        case let value?:
            let resolved = value.stringArrayValue?.map(expectations.resolvingTeamPrefix)
            if resolved != [expectedParent] {
                let found = resolved.map { "[\($0.map { "'\($0)'" }.joined(separator: ", "))]" } ?? describe(value)
                findings.append(Finding(.clipParentIdentifier, message: "'\(parentKey)' is \(found), expected exactly ['\(expectedParent)']",
                                        file: file, key: parentKey, fix: "Set '\(parentKey)' to ['\(expectedParent)'] (team ID and the app's bundle ID)."))
            }
        }

        let domains = DomainEntries(entitlements: entitlements, file: file, codes: .init(
            wildcard: .clipDomainWildcard, path: .clipDomainPath, mode: .clipDomainMode, missing: .clipAppClipsDomain))
        findings += domains.findings
        for domain in expectations.domains where !domains.contains(service: "appclips", domain: domain) {
            findings.append(Finding(.clipAppClipsDomain, message: "no 'appclips:\(domain)' in '\(EntitlementKey.associatedDomains)'; the clip cannot be invoked from \(domain)",
                                    file: file, key: EntitlementKey.associatedDomains, fix: "Add 'appclips:\(domain)' to the clip's Associated Domains."))
        }
        for entry in domains.entries where entry.path == nil && !entry.isWildcard && entry.mode == nil {
            if entry.service == "appclips", !expectations.domains.contains(entry.host) {
                findings.append(Finding(.clipUnlistedDomain, message: "'\(entry.raw)' names a domain the manifest does not list",
                                        file: file, key: EntitlementKey.associatedDomains,
                                        fix: "Add '\(entry.host)' to the manifest's domains, or remove the entry."))
            }
        }
        for entry in domains.entries where entry.service == "applinks" {
            findings.append(Finding(.clipAppLinks, message: "'\(entry.raw)' is a universal-link entry; an App Clip never handles universal links (it was probably copied from the app)",
                                    file: file, key: EntitlementKey.associatedDomains, fix: "Remove '\(entry.raw)' from the clip; keep it on the full app."))
        }

        let groupsKey = EntitlementKey.applicationGroups
        if entitlements[groupsKey]?.stringArrayValue?.contains(expectations.appGroup) != true {
            let found = entitlements[groupsKey].map { " (found \(describe($0)))" } ?? ""
            findings.append(Finding(.clipAppGroup, message: "'\(groupsKey)' does not include '\(expectations.appGroup)'\(found); the clip cannot hand off to the app",
                                    file: file, key: groupsKey, fix: "Add the App Group '\(expectations.appGroup)' to the clip target."))
        }

        for key in entitlements.keys.sorted() {
            guard let value = entitlements[key],
                  let problem = UnsupportedCapabilities.problem(key: key, value: value, expectations: expectations) else { continue }
            findings.append(Finding(.clipUnsupportedCapability, severity: problem.severity, message: problem.message,
                                    file: file, key: key, fix: problem.fix))
        }

        let appOnlyKey = EntitlementKey.associatedAppClipIdentifiers
        if entitlements[appOnlyKey] != nil {
            findings.append(Finding(.clipAppOnlyKey, message: "'\(appOnlyKey)' belongs on the full app, not on the clip",
                                    file: file, key: appOnlyKey, fix: "Move '\(appOnlyKey)' to the app's entitlements."))
        }

        let identifierKey = EntitlementKey.applicationIdentifier
        if let value = entitlements[identifierKey], value.stringValue.map(expectations.resolvingTeamPrefix) != expectations.clipIdentifier {
            findings.append(Finding(.clipApplicationIdentifier, message: "the clip is signed as '\(value.stringValue ?? describe(value))', expected '\(expectations.clipIdentifier)'",
                                    file: file, key: identifierKey, fix: "Sign the clip with team \(expectations.teamID) and bundle ID '\(expectations.clipBundleID)'."))
        }
        return findings
    }
}

/// A short description of a plist value for messages.
func describe(_ value: PropertyListValue) -> String {
    switch value {
    case .string(let text): return "'\(text.prefix(120))'"
    case .boolean(let flag): return flag ? "<true/>" : "<false/>"
    case .integer(let number): return "\(number)"
    case .array(let elements):
        let strings = elements.compactMap(\.stringValue)
        if strings.count == elements.count, elements.count <= 8 { return "[\(strings.map { "'\($0.prefix(120))'" }.joined(separator: ", "))]" }
        return "an array of \(elements.count)"
    default: return value.typeDescription
    }
}

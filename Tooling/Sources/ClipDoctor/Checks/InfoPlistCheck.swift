import ClipReports

/// Checks the clip's and the app's Info.plist against the manifest.
///
/// Source Info.plists often leave `CFBundleIdentifier` to the build (`$(PRODUCT_BUNDLE_IDENTIFIER)`,
/// or absent when Xcode generates the file): that is reported as info, since only the build
/// settings can tell. A built product's Info.plist must match the manifest exactly.
package struct InfoPlistCheck: Sendable {
    /// What the manifest expects.
    package var expectations: ManifestExpectations

    /// Creates the check.
    package init(expectations: ManifestExpectations) {
        self.expectations = expectations
    }

    /// Whether an Info.plist comes from sources or from a built product.
    package enum Origin: Sendable, Hashable {
        /// A source file; build variables may stand in for values.
        case source
        /// A built `.app` bundle; values are final.
        case built
    }

    /// The findings for the clip's Info.plist.
    package func clipFindings(in value: PropertyListValue, file: String, origin: Origin) -> [Finding] {
        guard let plist = value.dictionaryValue else {
            return [Finding(.clipBundleIdentifier, message: "the clip's Info.plist is \(value.typeDescription), expected a dictionary",
                            file: file, key: nil, fix: "Make the file a property list whose root is a <dict>.")]
        }
        var findings = bundleIdentifierFindings(plist, file: file, origin: origin, expected: expectations.clipBundleID,
                                                mismatch: .clipBundleIdentifier, unresolved: .clipBundleIdentifierUnresolved, target: "clip")

        let appClipKey = InfoPlistKey.appClip
        if let appClip = plist[appClipKey] {
            if let members = appClip.dictionaryValue {
                for key in members.keys.sorted() {
                    guard let member = members[key] else { continue }
                    if InfoPlistKey.appClipKeys.contains(key) {
                        if member.booleanValue == nil {
                            findings.append(Finding(.clipAppClipDictionary, message: "'\(appClipKey).\(key)' is \(member.typeDescription), expected <true/> or <false/>",
                                                    file: file, key: "\(appClipKey).\(key)", fix: "Set '\(key)' to <true/> or <false/>."))
                        }
                    } else {
                        findings.append(Finding(.clipUnknownAppClipKey, message: "'\(appClipKey)' has the key '\(key)', which Apple does not define; it has no effect",
                                                file: file, key: "\(appClipKey).\(key)",
                                                fix: "Remove '\(key)', or correct its spelling to \(InfoPlistKey.appClipKeys.sorted().joined(separator: " or "))."))
                    }
                }
            } else {
                findings.append(Finding(.clipAppClipDictionary, message: "'\(appClipKey)' is \(appClip.typeDescription), expected a dictionary",
                                        file: file, key: appClipKey, fix: "Make '\(appClipKey)' a <dict> holding the NSAppClipRequest… keys."))
            }
        }
        let requests: [(key: String, field: String, expected: Bool)] = [
            (InfoPlistKey.requestEphemeralUserNotification, "clip.requestsEphemeralNotifications", expectations.requestsEphemeralNotifications),
            (InfoPlistKey.requestLocationConfirmation, "clip.requestsLocationConfirmation", expectations.requestsLocationConfirmation),
        ]
        for request in requests {
            let member = plist[appClipKey]?.dictionaryValue?[request.key]
            guard member == nil || member?.booleanValue != nil else { continue }    // reported above
            let actual = member?.booleanValue ?? false
            guard actual != request.expected else { continue }
            findings.append(Finding(.clipAppClipRequest, message: "'\(appClipKey).\(request.key)' is \(actual), but the manifest's \(request.field) is \(request.expected)",
                                    file: file, key: "\(appClipKey).\(request.key)",
                                    fix: "Set '\(request.key)' to <\(request.expected)/>, or \(request.field) in clipkit.json to \(actual) ('clipkit generate entitlements' writes the fragment)."))
        }
        for key in InfoPlistKey.appClipKeys.sorted() where plist[key] != nil {
            findings.append(Finding(.clipMisplacedAppClipKey, message: "'\(key)' is at the top level of the Info.plist, where iOS ignores it",
                                    file: file, key: key, fix: "Move '\(key)' inside the '\(appClipKey)' dictionary."))
        }

        if let modes = plist[InfoPlistKey.backgroundModes], modes.arrayValue?.isEmpty != true {
            findings.append(Finding(.clipBackgroundModes, message: "'\(InfoPlistKey.backgroundModes)' is \(describe(modes)); App Clips cannot run in the background",
                                    file: file, key: InfoPlistKey.backgroundModes, fix: "Remove the Background Modes capability from the clip target."))
        }

        let schemes = (plist[InfoPlistKey.urlTypes]?.arrayValue ?? []).flatMap { $0["CFBundleURLSchemes"]?.stringArrayValue ?? [] }
        if !schemes.isEmpty {
            findings.append(Finding(.clipURLSchemes, message: "the clip declares URL schemes \(schemes.prefix(8).map { "'\($0)'" }.joined(separator: ", ")); App Clips cannot be opened through custom URL schemes",
                                    file: file, key: InfoPlistKey.urlTypes, fix: "Remove the URL types from the clip; invoke it through its appclips: domains."))
        }

        if origin == .built, let minimum = plist[InfoPlistKey.minimumOSVersion]?.stringValue,
           let built = FieldVersion(minimum), let declared = FieldVersion(expectations.minimumIOS), built != declared {
            findings.append(Finding(.clipMinimumOS, message: "the clip is built for iOS \(minimum) and later, but the manifest says \(expectations.minimumIOS); the size limit depends on it",
                                    file: file, key: InfoPlistKey.minimumOSVersion,
                                    fix: "Set the manifest's clip.minimumIOS to \(minimum), or the clip target's deployment target to \(expectations.minimumIOS)."))
        }
        return findings
    }

    /// The findings for the full app's Info.plist.
    package func appFindings(in value: PropertyListValue, file: String, origin: Origin) -> [Finding] {
        guard let plist = value.dictionaryValue else {
            return [Finding(.appBundleIdentifier, message: "the app's Info.plist is \(value.typeDescription), expected a dictionary",
                            file: file, key: nil, fix: "Make the file a property list whose root is a <dict>.")]
        }
        var findings = bundleIdentifierFindings(plist, file: file, origin: origin, expected: expectations.appBundleID,
                                                mismatch: .appBundleIdentifier, unresolved: .appBundleIdentifierUnresolved, target: "app")
        for key in [InfoPlistKey.appClip] + InfoPlistKey.appClipKeys.sorted() where plist[key] != nil {
            findings.append(Finding(.appAppClipKeys, message: "the full app's Info.plist has '\(key)', which only the App Clip may have",
                                    file: file, key: key, fix: "Remove '\(key)' from the app's Info.plist; it belongs in the clip's."))
        }
        return findings
    }

    private func bundleIdentifierFindings(
        _ plist: [String: PropertyListValue], file: String, origin: Origin, expected: String,
        mismatch: DoctorCode, unresolved: DoctorCode, target: String
    ) -> [Finding] {
        let key = InfoPlistKey.bundleIdentifier
        guard let value = plist[key] else {
            if origin == .source {
                return [Finding(unresolved, message: "'\(key)' is not in this file; Xcode sets it from the target's PRODUCT_BUNDLE_IDENTIFIER",
                                file: file, key: key, fix: "Check that the \(target) target's PRODUCT_BUNDLE_IDENTIFIER is '\(expected)'.")]
            }
            return [Finding(mismatch, message: "'\(key)' is missing from the built \(target)", file: file, key: key,
                            fix: "Set the \(target) target's PRODUCT_BUNDLE_IDENTIFIER to '\(expected)'.")]
        }
        guard let identifier = value.stringValue else {
            return [Finding(mismatch, message: "'\(key)' is \(value.typeDescription), expected the string '\(expected)'",
                            file: file, key: key, fix: "Set '\(key)' to '\(expected)'.")]
        }
        if identifier.contains("$(") || identifier.contains("${") {
            if origin == .source {
                return [Finding(unresolved, message: "'\(key)' is '\(identifier)', which the build resolves",
                                file: file, key: key, fix: "Check that the \(target) target's PRODUCT_BUNDLE_IDENTIFIER is '\(expected)'.")]
            }
            return [Finding(mismatch, message: "'\(key)' is '\(identifier)': a build variable was left unresolved in the built \(target)",
                            file: file, key: key, fix: "Set '\(key)' to '\(expected)'.")]
        }
        if identifier != expected {
            return [Finding(mismatch, message: "'\(key)' is '\(identifier.prefix(160))', but the manifest's \(target) bundle ID is '\(expected)'",
                            file: file, key: key, fix: "Use '\(expected)' as the \(target)'s bundle ID, or correct the manifest.")]
        }
        return []
    }
}

/// A `major.minor.patch` version compared numerically, with missing parts as zero.
struct FieldVersion: Equatable, Comparable {
    var parts: [Int]

    init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var numbers: [Int] = []
        for piece in pieces {
            guard piece.count <= 4, let number = Int(piece), number >= 0 else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        parts = numbers
    }

    static func < (lhs: FieldVersion, rhs: FieldVersion) -> Bool {
        lhs.parts.lexicographicallyPrecedes(rhs.parts)
    }
}

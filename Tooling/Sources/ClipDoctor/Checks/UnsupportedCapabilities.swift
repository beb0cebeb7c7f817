import ClipReports

/// Entitlements for capabilities that App Clips cannot use, with Apple's reason.
///
/// Apple documents that these frameworks provide no functionality to App Clips at runtime:
/// HealthKit, HomeKit, SensorKit (among others without entitlements); that App Clips cannot
/// request the Pass Type IDs entitlement; and that CloudKit is limited (App Clips can read a
/// public CloudKit database on iOS 16 and later, nothing more). iCloud Documents and key-value
/// storage are not available to App Clips. An App Clip cannot read the full app's keychain items.
enum UnsupportedCapabilities {
    struct Problem {
        var severity: Severity
        var message: String
        var fix: String
    }

    /// The problem with `key` = `value` on a clip, if any.
    static func problem(key: String, value: PropertyListValue, expectations: ManifestExpectations) -> Problem? {
        if key == "com.apple.developer.healthkit" || key.hasPrefix("com.apple.developer.healthkit.") {
            return Problem(severity: .error, message: "'\(key)' requests HealthKit, which provides no functionality in App Clips",
                           fix: "Remove the HealthKit capability from the clip target; keep it on the full app.")
        }
        switch key {
        case "com.apple.developer.homekit":
            return Problem(severity: .error, message: "'\(key)' requests HomeKit, which provides no functionality in App Clips",
                           fix: "Remove the HomeKit capability from the clip target; keep it on the full app.")
        case "com.apple.developer.sensorkit.reader.allow":
            return Problem(severity: .error, message: "'\(key)' requests SensorKit, which provides no functionality in App Clips",
                           fix: "Remove the SensorKit capability from the clip target.")
        case "com.apple.developer.pass-type-identifiers":
            return Problem(severity: .error, message: "'\(key)': App Clips cannot request the Pass Type IDs entitlement to read passes in Wallet",
                           fix: "Remove the Wallet pass-type identifiers from the clip's entitlements; the clip can still add passes.")
        case "com.apple.developer.ubiquity-kvstore-identifier":
            return Problem(severity: .error, message: "'\(key)' requests iCloud key-value storage, which App Clips cannot use",
                           fix: "Remove iCloud key-value storage from the clip; hand data to the app through the App Group.")
        case "com.apple.developer.ubiquity-container-identifiers":
            return Problem(severity: .error, message: "'\(key)' requests iCloud Documents containers, which App Clips cannot use",
                           fix: "Remove the iCloud Documents containers from the clip's entitlements.")
        case "com.apple.developer.icloud-services":
            let services = value.stringArrayValue ?? value.stringValue.map { [$0] } ?? []
            if services.contains("CloudDocuments") {
                return Problem(severity: .error, message: "'\(key)' includes CloudDocuments (iCloud Documents), which App Clips cannot use",
                               fix: "Remove iCloud Documents from the clip target's iCloud capability.")
            }
            if services.contains("CloudKit") || services.contains("CloudKit-Anonymous") {
                return Problem(severity: .warning, message: "'\(key)' includes CloudKit; App Clips can only read a public CloudKit database, on iOS 16 and later",
                               fix: "Make sure the clip only reads the public database, or remove CloudKit from the clip target.")
            }
            return nil
        case EntitlementKey.keychainAccessGroups:
            let own: Set<String> = [expectations.clipIdentifier, "\(expectations.teamID).*"]
            let shared = (value.stringArrayValue ?? []).map(expectations.resolvingTeamPrefix).filter { !own.contains($0) }
            guard !shared.isEmpty else { return nil }
            return Problem(severity: .warning,
                           message: "'\(key)' shares keychain groups \(shared.map { "'\($0)'" }.joined(separator: ", ")); an App Clip cannot read the full app's keychain items",
                           fix: "Remove keychain sharing from the clip. On iOS 15.4 and later the app reads the clip's own keychain items through '\(EntitlementKey.associatedAppClipIdentifiers)'.")
        default:
            return nil
        }
    }
}

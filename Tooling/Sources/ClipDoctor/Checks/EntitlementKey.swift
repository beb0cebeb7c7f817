/// The raw entitlement keys that ClipDoctor reads.
package enum EntitlementKey {
    /// Marks a target as an App Clip.
    package static let onDemandInstallCapable = "com.apple.developer.on-demand-install-capable"
    /// On the clip: the full app's application identifier.
    package static let parentApplicationIdentifiers = "com.apple.developer.parent-application-identifiers"
    /// On the app: the clip's application identifier.
    package static let associatedAppClipIdentifiers = "com.apple.developer.associated-appclip-app-identifiers"
    /// `appclips:`, `applinks:`, `webcredentials:` entries.
    package static let associatedDomains = "com.apple.developer.associated-domains"
    /// App Groups.
    package static let applicationGroups = "com.apple.security.application-groups"
    /// `TEAMID.bundleID`, set by code signing.
    package static let applicationIdentifier = "application-identifier"
    /// Keychain access groups.
    package static let keychainAccessGroups = "keychain-access-groups"
}

/// The raw entitlement keys that ClipDoctor reads.
public enum EntitlementKey {
    /// Marks a target as an App Clip.
    public static let onDemandInstallCapable = "com.apple.developer.on-demand-install-capable"
    /// On the clip: the full app's application identifier.
    public static let parentApplicationIdentifiers = "com.apple.developer.parent-application-identifiers"
    /// On the app: the clip's application identifier.
    public static let associatedAppClipIdentifiers = "com.apple.developer.associated-appclip-app-identifiers"
    /// `appclips:`, `applinks:`, `webcredentials:` entries.
    public static let associatedDomains = "com.apple.developer.associated-domains"
    /// App Groups.
    public static let applicationGroups = "com.apple.security.application-groups"
    /// `TEAMID.bundleID`, set by code signing.
    public static let applicationIdentifier = "application-identifier"
    /// Keychain access groups.
    public static let keychainAccessGroups = "keychain-access-groups"
}

/// The Info.plist keys that ClipDoctor reads.
public enum InfoPlistKey {
    /// The bundle identifier.
    public static let bundleIdentifier = "CFBundleIdentifier"
    /// The App Clip dictionary.
    public static let appClip = "NSAppClip"
    /// Inside `NSAppClip`: ask for ephemeral notification permission on the App Clip card.
    public static let requestEphemeralUserNotification = "NSAppClipRequestEphemeralUserNotification"
    /// Inside `NSAppClip`: confirm the person's location for physical invocations.
    public static let requestLocationConfirmation = "NSAppClipRequestLocationConfirmation"
    /// Background modes.
    public static let backgroundModes = "UIBackgroundModes"
    /// Custom URL types and their schemes.
    public static let urlTypes = "CFBundleURLTypes"
    /// The minimum iOS version of a built bundle.
    public static let minimumOSVersion = "MinimumOSVersion"

    /// The keys Apple defines inside `NSAppClip`.
    public static let appClipKeys: Set<String> = [requestEphemeralUserNotification, requestLocationConfirmation]
}

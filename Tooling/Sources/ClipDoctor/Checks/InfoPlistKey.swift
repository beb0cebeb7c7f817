/// The Info.plist keys that ClipDoctor reads.
package enum InfoPlistKey {
    /// The bundle identifier.
    package static let bundleIdentifier = "CFBundleIdentifier"
    /// The App Clip dictionary.
    package static let appClip = "NSAppClip"
    /// Inside `NSAppClip`: ask for ephemeral notification permission on the App Clip card.
    package static let requestEphemeralUserNotification = "NSAppClipRequestEphemeralUserNotification"
    /// Inside `NSAppClip`: confirm the person's location for physical invocations.
    package static let requestLocationConfirmation = "NSAppClipRequestLocationConfirmation"
    /// Background modes.
    package static let backgroundModes = "UIBackgroundModes"
    /// Custom URL types and their schemes.
    package static let urlTypes = "CFBundleURLTypes"
    /// The minimum iOS version of a built bundle.
    package static let minimumOSVersion = "MinimumOSVersion"

    /// The keys Apple defines inside `NSAppClip`.
    package static let appClipKeys: Set<String> = [requestEphemeralUserNotification, requestLocationConfirmation]
}

import ClipReports

/// The technologies Apple's App Clip documentation says an App Clip cannot use, as they show up in
/// a built executable: linked frameworks, imported symbols and Objective-C classes, and selectors.
///
/// Source: Apple Developer Documentation, "Choosing the right functionality for your App Clip"
/// (developer.apple.com/documentation/appclip/choosing-the-right-functionality-for-your-app-clip):
/// the frameworks whose functionality is unavailable or limited at run time in an App Clip
/// (Assets Library, Background Tasks, CallKit, CareKit, CloudKit, Contacts, Contacts UI, Core
/// Motion, EventKit, EventKit UI, File Provider, File Provider UI, HealthKit, HomeKit, Media
/// Player, Messages, Message UI, PhotoKit, ResearchKit, SensorKit, Speech), and the privacy and
/// background limits of the same page: no SKAdNetwork, no App Tracking Transparency, no continuous
/// location access, no background activity such as background URL sessions, and
/// `identifierForVendor` returning an empty value. App Store Connect rejects clips that send
/// some of these selectors (ITMS-90842, "Invalid SDK usage").
///
/// This is the only list of them: update it here when Apple's page changes.
package enum AppClipExcludedAPIs {
    /// How an entry is found in an executable.
    package enum Match: Sendable, Hashable {
        /// A linked library whose framework name (or file name) is this.
        case framework(String)
        /// An imported Objective-C class (`_OBJC_CLASS_$_Name`).
        case objectiveCClass(String)
        /// An imported symbol, by its exact linker name.
        case symbol(String)
        /// An Objective-C selector the code sends.
        case selector(String)
    }

    /// One technology an App Clip cannot use.
    package struct Entry: Sendable, Hashable {
        /// How it is found.
        package let match: Match
        /// What it is, for a person: "HealthKit", "background URL sessions".
        package let technology: String
        /// Whether it is an error (the clip is rejected or the call can never work) or a warning
        /// (the API answers "unavailable" or empty data at run time).
        package let severity: Severity
        /// What to do instead.
        package let fix: String
    }

    static func framework(_ name: String, _ technology: String? = nil, severity: Severity = .warning, fix: String? = nil) -> Entry {
        Entry(match: .framework(name), technology: technology ?? name, severity: severity,
              fix: fix ?? "Remove \(name) from the clip target's linked frameworks and keep that feature in the full app; share code with '#if !APPCLIP' around the \(name) calls.")
    }

    /// Every entry, frameworks first.
    package static let entries: [Entry] = [
        framework("AssetsLibrary", "Assets Library"),
        framework("BackgroundTasks", "Background Tasks", severity: .error,
                  fix: "App Clips cannot run in the background: remove BackgroundTasks from the clip target and schedule the work from the full app."),
        framework("CallKit"),
        framework("CareKit"),
        framework("CloudKit"),
        framework("Contacts"),
        framework("ContactsUI", "Contacts UI"),
        framework("CoreMotion", "Core Motion"),
        framework("EventKit"),
        framework("EventKitUI", "EventKit UI"),
        framework("FileProvider", "File Provider"),
        framework("FileProviderUI", "File Provider UI"),
        framework("HealthKit"),
        framework("HomeKit"),
        framework("MediaPlayer", "Media Player"),
        framework("Messages"),
        framework("MessageUI", "Message UI"),
        framework("Photos", "PhotoKit"),
        framework("ResearchKit"),
        framework("SensorKit"),
        framework("Speech"),
        framework("AppTrackingTransparency", "App Tracking Transparency", severity: .error,
                  fix: "App Clips cannot ask to track: remove AppTrackingTransparency from the clip target (and any SDK that links it)."),
        Entry(match: .objectiveCClass("ATTrackingManager"), technology: "App Tracking Transparency", severity: .error,
              fix: "Remove the tracking-authorization request from the clip ('#if !APPCLIP'); ask in the full app."),
        Entry(match: .objectiveCClass("SKAdNetwork"), technology: "SKAdNetwork", severity: .error,
              fix: "SKAdNetwork is unavailable in App Clips: call it from the full app only, or use an SDK build without ad attribution in the clip."),
        Entry(match: .objectiveCClass("BGTaskScheduler"), technology: "Background Tasks", severity: .error,
              fix: "App Clips cannot run in the background: schedule background tasks from the full app only."),
        Entry(match: .selector("backgroundSessionConfigurationWithIdentifier:"), technology: "background URL sessions", severity: .error,
              fix: "Use a default or ephemeral URLSessionConfiguration in the clip; background sessions are for the full app."),
        Entry(match: .selector("backgroundSessionConfiguration:"), technology: "background URL sessions", severity: .error,
              fix: "Use a default or ephemeral URLSessionConfiguration in the clip; background sessions are for the full app."),
        Entry(match: .selector("requestAlwaysAuthorization"), technology: "continuous location access", severity: .error,
              fix: "App Clips may only ask for when-in-use location (requestWhenInUseAuthorization); remove requestAlwaysAuthorization from the clip, including from SDKs it links."),
        Entry(match: .selector("identifierForVendor"), technology: "identifierForVendor", severity: .warning,
              fix: "identifierForVendor is empty in an App Clip; keep your own identifier (in the App Group, so the full app can take it over)."),
    ]

    /// The entries that `linkage` uses, each with what matched (a library path, symbol or selector).
    package static func matches(in linkage: MachOLinkage) -> [(entry: Entry, found: String)] {
        var result: [(Entry, String)] = []
        let frameworks = Dictionary(linkage.libraries.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
        let classes = Set(linkage.objectiveCClassReferences)
        let symbols = Set(linkage.importedSymbols.map(\.name))
        let selectors = Set(linkage.selectors)
        for entry in entries {
            switch entry.match {
            case .framework(let name):
                if let path = frameworks[name] { result.append((entry, path)) }
            case .objectiveCClass(let name):
                if classes.contains(name) { result.append((entry, "_OBJC_CLASS_$_\(name)")) }
            case .symbol(let name):
                if symbols.contains(name) { result.append((entry, name)) }
            case .selector(let name):
                if selectors.contains(name) { result.append((entry, name)) }
            }
        }
        return result
    }
}

// Declarations of the UserNotifications API the glue uses, as Apple documents them.
import AppleFoundationShim

/// The app's or extension's access to notifications.
@available(iOS 10.0, macOS 10.14, *)
open class UNUserNotificationCenter: NSObject {
    /// The shared center.
    @available(iOS 10.0, macOS 10.14, *)
    open class func current() -> UNUserNotificationCenter { fatalError() }

    /// Receives tapped notifications and foreground presentations.
    @available(iOS 10.0, macOS 10.14, *)
    weak open var delegate: (any UNUserNotificationCenterDelegate)? {
        get { fatalError() }
        set { fatalError() }
    }

    /// The app's notification settings (the async form of `getNotificationSettings(completionHandler:)`).
    @available(iOS 10.0, macOS 10.14, *)
    open func notificationSettings() async -> UNNotificationSettings { fatalError() }

    /// Schedules a local notification (the async form of `add(_:withCompletionHandler:)`).
    @available(iOS 10.0, macOS 10.14, *)
    open func add(_ request: UNNotificationRequest) async throws { fatalError() }
}

/// The notification settings the person chose for the app.
@available(iOS 10.0, macOS 10.14, *)
open class UNNotificationSettings: NSObject {
    /// Whether the app may schedule or receive notifications.
    @available(iOS 10.0, macOS 10.14, *)
    open var authorizationStatus: UNAuthorizationStatus { fatalError() }
}

/// Whether the app may schedule or receive notifications. An Objective-C enumeration: a switch over
/// it needs `@unknown default`, as with the SDK.
@available(iOS 10.0, macOS 10.14, *)
public enum UNAuthorizationStatus: Int, @unchecked Sendable {
    /// The person has not been asked.
    case notDetermined = 0
    /// The person denied notifications.
    case denied = 1
    /// The person allowed notifications.
    case authorized = 2
    /// Notifications are delivered quietly, on trial.
    @available(iOS 12.0, macOS 10.14, *)
    case provisional = 3
    /// An App Clip may schedule or receive notifications for a limited time.
    @available(iOS 14.0, *)
    @available(macOS, unavailable)
    case ephemeral = 4
}

/// What triggers a notification's delivery.
@available(iOS 10.0, macOS 10.14, *)
open class UNNotificationTrigger: NSObject {
    /// Whether the trigger repeats.
    @available(iOS 10.0, macOS 10.14, *)
    open var repeats: Bool { fatalError() }
}

/// Delivers a notification after an amount of time.
@available(iOS 10.0, macOS 10.14, *)
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    /// A trigger `timeInterval` seconds from now (more than zero; at least 60 when it repeats).
    @available(iOS 10.0, macOS 10.14, *)
    public convenience init(timeInterval: TimeInterval, repeats: Bool) { fatalError() }
}

/// Handles notification responses and foreground presentations. Every requirement is optional in
/// Objective-C: see ``UNUserNotificationCenterDelegateOptionalRequirements``.
@available(iOS 10.0, macOS 10.14, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {}

/// The optional requirements of the Objective-C protocol `UNUserNotificationCenterDelegate`, without
/// default implementations (see the WebKit stub's `WKNavigationDelegateOptionalRequirements`):
/// scripts/check-apple-glue holds a conformer's methods named like them to exactly one. One a line.
@available(iOS 10.0, macOS 10.14, *)
public protocol UNUserNotificationCenterDelegateOptionalRequirements: UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
}

/// The person's response to a notification.
@available(iOS 10.0, macOS 10.14, *)
open class UNNotificationResponse: NSObject {
    /// The notification responded to.
    @available(iOS 10.0, macOS 10.14, *)
    open var notification: UNNotification { fatalError() }
}

/// A delivered notification.
@available(iOS 10.0, macOS 10.14, *)
open class UNNotification: NSObject {
    /// The request that was delivered.
    @available(iOS 10.0, macOS 10.14, *)
    open var request: UNNotificationRequest { fatalError() }
}

/// A request to deliver a notification.
@available(iOS 10.0, macOS 10.14, *)
open class UNNotificationRequest: NSObject {
    /// A request to deliver `content` when `trigger` fires (at once when `nil`).
    @available(iOS 10.0, macOS 10.14, *)
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) { fatalError() }

    /// The request's content.
    @available(iOS 10.0, macOS 10.14, *)
    open var content: UNNotificationContent { fatalError() }
}

/// Something whose data can update a notification's content (a communication intent).
@available(iOS 15.0, macOS 12.0, *)
public protocol UNNotificationContentProviding: NSObjectProtocol {}

/// The content of a notification.
@available(iOS 10.0, macOS 10.14, *)
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying {
    /// The title.
    @available(iOS 10.0, macOS 10.14, *)
    open var title: String { fatalError() }
    /// The subtitle.
    @available(iOS 10.0, macOS 10.14, *)
    open var subtitle: String { fatalError() }
    /// The body.
    @available(iOS 10.0, macOS 10.14, *)
    open var body: String { fatalError() }
    /// The app icon's badge number.
    @available(iOS 10.0, macOS 10.14, *)
    open var badge: NSNumber? { fatalError() }
    /// The sound.
    @available(iOS 10.0, macOS 10.14, *)
    open var sound: UNNotificationSound? { fatalError() }
    /// The thread that groups notifications.
    @available(iOS 10.0, macOS 10.14, *)
    open var threadIdentifier: String { fatalError() }
    /// The category (its actions).
    @available(iOS 10.0, macOS 10.14, *)
    open var categoryIdentifier: String { fatalError() }
    /// The scene or experience the notification targets.
    @available(iOS 13.0, macOS 10.15, *)
    open var targetContentIdentifier: String? { fatalError() }
    /// How urgently it interrupts.
    @available(iOS 15.0, macOS 12.0, *)
    open var interruptionLevel: UNNotificationInterruptionLevel { fatalError() }
    /// The payload's custom keys.
    @available(iOS 10.0, macOS 10.14, *)
    open var userInfo: [AnyHashable: Any] { fatalError() }

    /// A copy updated from `provider` (a communication notification's intent).
    @available(iOS 15.0, macOS 12.0, *)
    open func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent { fatalError() }

    /// A copy.
    @available(iOS 10.0, macOS 10.14, *)
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }

    /// A mutable copy.
    @available(iOS 10.0, macOS 10.14, *)
    open func mutableCopy(with zone: NSZone? = nil) -> Any { fatalError() }
}

/// Content that can be changed before delivery.
@available(iOS 10.0, macOS 10.14, *)
open class UNMutableNotificationContent: UNNotificationContent {
    /// The title.
    @available(iOS 10.0, macOS 10.14, *)
    override open var title: String { get { fatalError() } set { fatalError() } }
    /// The subtitle.
    @available(iOS 10.0, macOS 10.14, *)
    override open var subtitle: String { get { fatalError() } set { fatalError() } }
    /// The body.
    @available(iOS 10.0, macOS 10.14, *)
    override open var body: String { get { fatalError() } set { fatalError() } }
    /// The badge number.
    @available(iOS 10.0, macOS 10.14, *)
    override open var badge: NSNumber? { get { fatalError() } set { fatalError() } }
    /// The sound.
    @available(iOS 10.0, macOS 10.14, *)
    override open var sound: UNNotificationSound? { get { fatalError() } set { fatalError() } }
    /// The thread.
    @available(iOS 10.0, macOS 10.14, *)
    override open var threadIdentifier: String { get { fatalError() } set { fatalError() } }
    /// The category.
    @available(iOS 10.0, macOS 10.14, *)
    override open var categoryIdentifier: String { get { fatalError() } set { fatalError() } }
    /// The target content identifier.
    @available(iOS 13.0, macOS 10.15, *)
    override open var targetContentIdentifier: String? { get { fatalError() } set { fatalError() } }
    /// The interruption level.
    @available(iOS 15.0, macOS 12.0, *)
    override open var interruptionLevel: UNNotificationInterruptionLevel { get { fatalError() } set { fatalError() } }
    /// The payload's custom keys.
    @available(iOS 10.0, macOS 10.14, *)
    override open var userInfo: [AnyHashable: Any] { get { fatalError() } set { fatalError() } }
}

/// How urgently a notification interrupts.
@available(iOS 15.0, macOS 12.0, *)
public enum UNNotificationInterruptionLevel: UInt, @unchecked Sendable {
    /// Added silently.
    case passive = 0
    /// Presented at once.
    case active = 1
    /// Breaks through Focus.
    case timeSensitive = 2
    /// Breaks through Focus and the mute switch.
    case critical = 3
}

/// The name of a sound file in the bundle.
@available(iOS 10.0, macOS 10.14, *)
public struct UNNotificationSoundName: Hashable, RawRepresentable, Sendable {
    /// The file name.
    public var rawValue: String
    /// Names `rawValue`.
    @available(iOS 10.0, macOS 10.14, *)
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// The sound a notification plays.
@available(iOS 10.0, macOS 10.14, *)
open class UNNotificationSound: NSObject, @unchecked Sendable {
    /// The default sound.
    @available(iOS 10.0, macOS 10.14, *)
    open class var `default`: UNNotificationSound { fatalError() }

    /// A sound file in the bundle.
    @available(iOS 10.0, macOS 10.14, *)
    public convenience init(named name: UNNotificationSoundName) { fatalError() }

    /// The default critical-alert sound at `volume`.
    @available(iOS 12.0, macOS 10.14, *)
    open class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound { fatalError() }

    /// A critical-alert sound from the bundle at `volume`.
    @available(iOS 12.0, macOS 10.14, *)
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> UNNotificationSound {
        fatalError()
    }
}

/// The principal class of a notification service extension.
@available(iOS 10.0, macOS 10.14, *)
open class UNNotificationServiceExtension: NSObject {
    /// Creates the extension.
    @available(iOS 10.0, macOS 10.14, *)
    override public init() {}

    /// Changes the content of `request` and hands the result to `contentHandler`.
    @available(iOS 10.0, macOS 10.14, *)
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        fatalError()
    }

    /// The system is about to end the extension.
    @available(iOS 10.0, macOS 10.14, *)
    open func serviceExtensionTimeWillExpire() { fatalError() }
}

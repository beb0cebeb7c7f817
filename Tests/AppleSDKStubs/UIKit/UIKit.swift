// Declarations of the UIKit API the glue uses, as Apple documents them. UIKit's classes are
// main-actor isolated.
@_exported import AppleFoundationShim
import UserNotifications

/// An object that responds to events.
@available(iOS 2.0, *)
@MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    @available(iOS 2.0, *)
    override public init() {}
}

/// A rectangular area on screen.
@available(iOS 2.0, *)
@MainActor
open class UIView: UIResponder {
    /// A view with `frame`.
    @available(iOS 2.0, *)
    public init(frame: CGRect) { fatalError() }
}

/// One instance of the app's user interface.
@available(iOS 13.0, *)
@MainActor
open class UIScene: UIResponder {
    /// What the system hands a scene when it connects.
    @available(iOS 13.0, *)
    @MainActor
    open class ConnectionOptions: NSObject {
        /// The activities to continue (a universal link that launched the app).
        @available(iOS 13.0, *)
        open var userActivities: Set<NSUserActivity> { fatalError() }

        /// The notification the person tapped to launch the app.
        @available(iOS 13.0, *)
        open var notificationResponse: UNNotificationResponse? { fatalError() }
    }
}

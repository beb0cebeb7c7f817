/// The parts of a notification's content that a policy may read and change, as a portable value.
///
/// On iOS the glue converts `UNNotificationContent` to and from this value; everywhere else
/// (tests, the command line) it is built from the payload with ``init(payload:)``, the way the
/// system builds the content it hands to a notification service extension.
public struct NotificationContent: Sendable, Hashable {
    /// The title.
    public var title: String
    /// The subtitle.
    public var subtitle: String
    /// The body.
    public var body: String
    /// The number on the app's icon; `nil` leaves it unchanged.
    public var badge: Int?
    /// The sound; `nil` plays none.
    public var sound: NotificationSound?
    /// How notifications are grouped.
    public var threadIdentifier: String
    /// The notification's category (its actions).
    public var categoryIdentifier: String
    /// Which content to bring forward when the person taps.
    public var targetContentIdentifier: String?
    /// How urgently the notification is presented.
    public var interruptionLevel: InterruptionLevel?
    /// The sender and conversation, when the notification is shown as a message from a person.
    public var communication: CommunicationNotification?

    /// Creates content.
    public init(
        title: String = "", subtitle: String = "", body: String = "", badge: Int? = nil,
        sound: NotificationSound? = nil, threadIdentifier: String = "", categoryIdentifier: String = "",
        targetContentIdentifier: String? = nil, interruptionLevel: InterruptionLevel? = nil,
        communication: CommunicationNotification? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.threadIdentifier = threadIdentifier
        self.categoryIdentifier = categoryIdentifier
        self.targetContentIdentifier = targetContentIdentifier
        self.interruptionLevel = interruptionLevel
        self.communication = communication
    }

    /// The content the system shows for `payload` before any extension changes it.
    ///
    /// Localisation keys are not resolved here (the system does that with the app's strings); the
    /// key itself stands in for the text when no plain text is given.
    public init(payload: NotificationPayload) {
        let alert = payload.aps.alert
        self.init(
            title: alert?.title ?? alert?.titleLocalizationKey ?? "",
            subtitle: alert?.subtitle ?? alert?.subtitleLocalizationKey ?? "",
            body: alert?.body ?? alert?.bodyLocalizationKey ?? "",
            badge: payload.aps.badge,
            sound: payload.aps.sound,
            threadIdentifier: payload.aps.threadIdentifier ?? "",
            categoryIdentifier: payload.aps.category ?? "",
            targetContentIdentifier: payload.aps.targetContentIdentifier,
            interruptionLevel: payload.aps.interruptionLevel
        )
    }
}

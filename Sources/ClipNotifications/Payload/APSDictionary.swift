/// The `aps` dictionary of a push notification: what Apple's push service itself reads.
///
/// Every member is optional; a member with the wrong type or an impossible value is left `nil`
/// (or `false`) and reported as a ``PayloadIssue``.
@_spi(ClipKitTooling)
public struct APSDictionary: Sendable, Hashable {
    /// `alert`: the visible text.
    public var alert: NotificationAlert?
    /// `badge`: the number on the app's icon (0 removes it).
    public var badge: Int?
    /// `sound`.
    public var sound: NotificationSound?
    /// `mutable-content` is 1: a notification service extension may change the content.
    public var isMutableContent: Bool
    /// `content-available` is 1: a background update.
    public var isContentAvailable: Bool
    /// `target-content-id`: which window or content to bring forward when the person taps.
    public var targetContentIdentifier: String?
    /// `thread-id`: how notifications are grouped.
    public var threadIdentifier: String?
    /// `category`: the notification's actions.
    public var category: String?
    /// `interruption-level`.
    public var interruptionLevel: InterruptionLevel?
    /// `relevance-score`, from 0 to 1.
    public var relevanceScore: Double?

    /// Creates an `aps` dictionary.
    public init(
        alert: NotificationAlert? = nil, badge: Int? = nil, sound: NotificationSound? = nil,
        isMutableContent: Bool = false, isContentAvailable: Bool = false,
        targetContentIdentifier: String? = nil, threadIdentifier: String? = nil, category: String? = nil,
        interruptionLevel: InterruptionLevel? = nil, relevanceScore: Double? = nil
    ) {
        self.alert = alert
        self.badge = badge
        self.sound = sound
        self.isMutableContent = isMutableContent
        self.isContentAvailable = isContentAvailable
        self.targetContentIdentifier = targetContentIdentifier
        self.threadIdentifier = threadIdentifier
        self.category = category
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
    }
}

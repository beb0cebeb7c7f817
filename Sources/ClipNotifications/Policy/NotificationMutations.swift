/// What a policy decided to change in a notification; `nil` members leave the content as it is.
public struct NotificationMutations: Sendable, Hashable {
    /// The sound to play instead.
    public var sound: NotificationSound?
    /// The change to the shared badge count, applied through ``BadgeCounter``.
    public var badge: BadgeChange?
    /// The thread identifier to group the notification by.
    public var threadIdentifier: String?
    /// The data that shows the notification as a message from a person.
    public var communication: CommunicationNotification?

    /// Creates mutations.
    public init(
        sound: NotificationSound? = nil, badge: BadgeChange? = nil, threadIdentifier: String? = nil,
        communication: CommunicationNotification? = nil
    ) {
        self.sound = sound
        self.badge = badge
        self.threadIdentifier = threadIdentifier
        self.communication = communication
    }

    /// Whether nothing changes.
    public var isEmpty: Bool {
        sound == nil && badge == nil && threadIdentifier == nil && communication == nil
    }
}

/// A change to the app icon's badge count, which is shared by every process of the app.
public enum BadgeChange: Sendable, Hashable {
    /// Add `count` (at least 1) to the count and show the result.
    case increment(by: Int)
    /// Set the count to zero and remove the badge.
    case reset
}

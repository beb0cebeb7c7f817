/// One step of a ``ReasonPolicy`` rule.
public enum NotificationAction: Sendable, Hashable {
    /// Play `sound`; when `preference` is given, only if that preference is on (a missing
    /// preference counts as off).
    case playSound(NotificationSound, whenEnabled: String?)
    /// Add `by` to the shared badge count and show the result.
    case incrementBadge(by: Int)
    /// Reset the shared badge count to zero.
    case resetBadge
    /// Show the notification as a message from a person, with the data read from the payload
    /// fields that `fields` names.
    case markAsCommunication(CommunicationFields)
    /// Group the notification by the value of the payload field `byField`.
    case groupIntoThread(byField: String)

    /// Play the sound file `name` (in the extension's bundle), only if `preference` is on.
    public static func playSound(named name: String, whenEnabled preference: String? = nil) -> NotificationAction {
        .playSound(.named(name), whenEnabled: preference)
    }
}

/// Which payload fields hold a communication notification's data, and how the avatar is vetted.
public struct CommunicationFields: Sendable, Hashable {
    /// The field with the sender's display name (required).
    public var senderName: String
    /// The field with the conversation's identifier (required).
    public var conversation: String
    /// The field with the sender's avatar URL (optional in the payload).
    public var avatarURL: String?
    /// The field with a stable sender identifier (optional in the payload).
    public var senderIdentifier: String?
    /// The field with the receiving account (optional in the payload).
    public var recipient: String?
    /// How the avatar URL is vetted and rewritten.
    public var avatarRule: AvatarURLRule

    /// Creates a field mapping.
    public init(
        senderName: String, conversation: String, avatarURL: String? = nil, senderIdentifier: String? = nil,
        recipient: String? = nil, avatarRule: AvatarURLRule = AvatarURLRule()
    ) {
        self.senderName = senderName
        self.conversation = conversation
        self.avatarURL = avatarURL
        self.senderIdentifier = senderIdentifier
        self.recipient = recipient
        self.avatarRule = avatarRule
    }

    /// Bluesky's chat payload: `senderDisplayName`, `convoId`, `senderAvatarUrl`, `recipientDid`.
    public static let bluesky = CommunicationFields(
        senderName: "senderDisplayName", conversation: "convoId", avatarURL: "senderAvatarUrl",
        recipient: "recipientDid", avatarRule: .bluesky
    )
}

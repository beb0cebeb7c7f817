import Foundation

/// What makes a notification a communication notification: the sender, shown with their name and
/// picture, and the conversation it belongs to.
///
/// On iOS the glue turns this into an `INSendMessageIntent` and updates the content from it.
public struct CommunicationNotification: Sendable, Hashable {
    /// The sender's display name.
    public var senderName: String
    /// A stable identifier for the sender, when the payload carries one.
    public var senderIdentifier: String?
    /// The conversation's identifier.
    public var conversationIdentifier: String
    /// The sender's picture, already vetted by an ``AvatarURLRule`` (`https` only).
    public var avatarURL: URL?
    /// The receiving account, for apps with several accounts.
    public var recipientIdentifier: String?
    /// The avatar image, once downloaded (at most ``maximumAvatarBytes``).
    public var avatarImageData: Data?

    /// The largest avatar image, in bytes, that the glue downloads for a notification.
    public static let maximumAvatarBytes = 1_048_576

    /// Creates communication data.
    public init(
        senderName: String, senderIdentifier: String? = nil, conversationIdentifier: String,
        avatarURL: URL? = nil, recipientIdentifier: String? = nil
    ) {
        self.senderName = senderName
        self.senderIdentifier = senderIdentifier
        self.conversationIdentifier = conversationIdentifier
        self.avatarURL = avatarURL
        self.recipientIdentifier = recipientIdentifier
    }
}

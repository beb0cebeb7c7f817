import Foundation

/// Downloads a sender's avatar for a communication notification.
///
/// On iOS the glue provides a `URLSession` implementation; tests provide their own. The URL has
/// already been vetted by an ``AvatarURLRule``.
public protocol AvatarLoading: Sendable {
    /// The image bytes at `url`.
    ///
    /// - Throws: When the download fails, or is larger than `maximumBytes` (stop reading there).
    func loadAvatar(from url: URL, maximumBytes: Int) async throws -> Data
}

extension NotificationProcessor {
    /// `content` with the sender's avatar image attached, when it has a communication avatar URL
    /// and the download succeeds within ``CommunicationNotification/maximumAvatarBytes``;
    /// otherwise `content` unchanged (a notification without a picture beats none).
    public func attachingAvatar(to content: NotificationContent, using loader: any AvatarLoading) async -> NotificationContent {
        guard let communication = content.communication, let url = communication.avatarURL,
              communication.avatarImageData == nil else { return content }
        let limit = CommunicationNotification.maximumAvatarBytes
        guard let data = try? await loader.loadAvatar(from: url, maximumBytes: limit), !data.isEmpty, data.count <= limit else {
            return content
        }
        var updated = content
        updated.communication?.avatarImageData = data
        return updated
    }
}

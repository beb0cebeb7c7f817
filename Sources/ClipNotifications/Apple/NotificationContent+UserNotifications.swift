#if canImport(UserNotifications) && os(iOS)
import Foundation
import Intents
import UserNotifications

extension NotificationContent {
    /// The portable form of `content`; `sound` comes from the payload, because
    /// `UNNotificationSound` does not say which sound it plays.
    init(_ content: UNNotificationContent, sound: NotificationSound?) {
        self.init(
            title: content.title, subtitle: content.subtitle, body: content.body,
            badge: content.badge?.intValue, sound: sound, threadIdentifier: content.threadIdentifier,
            categoryIdentifier: content.categoryIdentifier, targetContentIdentifier: content.targetContentIdentifier,
            interruptionLevel: InterruptionLevel(content.interruptionLevel)
        )
    }
}

extension UNNotificationContent {
    /// `original` with the members that differ between `delivered` and `portableOriginal` applied.
    static func merging(
        _ delivered: NotificationContent, into original: UNNotificationContent, comparedWith portableOriginal: NotificationContent
    ) -> UNNotificationContent {
        guard delivered != portableOriginal, let content = original.mutableCopy() as? UNMutableNotificationContent else {
            return original
        }
        if delivered.title != portableOriginal.title { content.title = delivered.title }
        if delivered.subtitle != portableOriginal.subtitle { content.subtitle = delivered.subtitle }
        if delivered.body != portableOriginal.body { content.body = delivered.body }
        if delivered.badge != portableOriginal.badge { content.badge = delivered.badge.map { NSNumber(value: $0) } }
        if delivered.sound != portableOriginal.sound { content.sound = delivered.sound.map(UNNotificationSound.make) }
        if delivered.threadIdentifier != portableOriginal.threadIdentifier { content.threadIdentifier = delivered.threadIdentifier }
        if delivered.categoryIdentifier != portableOriginal.categoryIdentifier { content.categoryIdentifier = delivered.categoryIdentifier }
        if delivered.targetContentIdentifier != portableOriginal.targetContentIdentifier {
            content.targetContentIdentifier = delivered.targetContentIdentifier
        }
        if delivered.interruptionLevel != portableOriginal.interruptionLevel, let level = delivered.interruptionLevel {
            content.interruptionLevel = level.userNotificationsLevel
        }
        if let communication = delivered.communication, communication != portableOriginal.communication {
            return (try? content.updating(from: communication.messageIntent())) ?? content
        }
        return content
    }
}

extension UNNotificationSound {
    /// The system sound for a portable ``NotificationSound``.
    static func make(_ sound: NotificationSound) -> UNNotificationSound {
        switch sound {
        case .default:
            return .default
        case .named(let name):
            return UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
        case .critical(let name, let volume):
            guard let name else { return .defaultCriticalSound(withAudioVolume: Float(volume)) }
            return .criticalSoundNamed(UNNotificationSoundName(rawValue: name), withAudioVolume: Float(volume))
        }
    }
}

extension InterruptionLevel {
    init?(_ level: UNNotificationInterruptionLevel) {
        switch level {
        case .passive: self = .passive
        case .active: self = .active
        case .timeSensitive: self = .timeSensitive
        case .critical: self = .critical
        @unknown default: return nil
        }
    }

    var userNotificationsLevel: UNNotificationInterruptionLevel {
        switch self {
        case .passive: return .passive
        case .active: return .active
        case .timeSensitive: return .timeSensitive
        case .critical: return .critical
        }
    }
}

extension CommunicationNotification {
    /// The incoming-message intent that turns a notification into a communication notification,
    /// donated so that the system shows the sender's name and picture.
    func messageIntent() -> INSendMessageIntent {
        let image = avatarImageData.map { INImage(imageData: $0) }
        let sender = INPerson(
            personHandle: INPersonHandle(value: senderIdentifier ?? conversationIdentifier, type: .unknown),
            nameComponents: nil, displayName: senderName, image: image,
            contactIdentifier: nil, customIdentifier: senderIdentifier
        )
        let intent = INSendMessageIntent(
            recipients: nil, outgoingMessageType: .outgoingMessageText, content: nil, speakableGroupName: nil,
            conversationIdentifier: conversationIdentifier, serviceName: nil, sender: sender, attachments: nil
        )
        if let image { intent.setImage(image, forParameterNamed: \.sender) }
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate(completion: nil)
        return intent
    }
}
#endif

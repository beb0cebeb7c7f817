#if canImport(UserNotifications) && os(iOS)
import Foundation
import os
import UserNotifications

/// A notification service extension that runs a ``NotificationPolicy`` under a `DeadlineGuard`.
///
/// Subclass it in the extension target, override ``policy`` and ``appGroupIdentifier``, and name
/// the subclass as the extension's `NSExtensionPrincipalClass`:
///
/// ```swift
/// final class NotificationService: ClipNotificationServiceExtension {
///     override var policy: any NotificationPolicy { ReasonPolicy.bluesky }
///     override var appGroupIdentifier: String? { "group.app.bsky" }
/// }
/// ```
///
/// This class holds no decisions: it converts `UNNotificationContent` to ``NotificationContent``
/// and back, and forwards to `NotificationProcessor` and the guard, which are tested on every
/// platform. The content handler is called exactly once, with the original content when anything
/// fails.
open class ClipNotificationServiceExtension: UNNotificationServiceExtension {
    /// The policy that decides the changes; override it (the default changes nothing).
    open var policy: any NotificationPolicy { ReasonPolicy(rules: []) }

    /// The App Group shared with the app; `nil` means no badge counter and no stored preferences.
    open var appGroupIdentifier: String? { nil }

    /// How long, in seconds, the extension works before it delivers its best attempt; keep it below the
    /// system's limit of about 30 seconds.
    open var timeBudget: TimeInterval { 25 }

    /// Downloads avatars for communication notifications.
    open var avatarLoader: any AvatarLoading { URLSessionAvatarLoader() }

    /// Where the person's preferences come from (default: the preferences file in the container).
    open func preferencesSource(containerDirectory: URL?) -> any NotificationPreferencesSource {
        guard let containerDirectory else { return FixedNotificationPreferences(NotificationPreferences()) }
        return ContainerPreferencesStore(containerDirectory: containerDirectory)
    }

    private let stateLock = NSLock()
    private var activeGuard: DeadlineGuard<NotificationContent>?
    private static let logger = Logger(subsystem: "ClipNotifications", category: "extension")

    /// Processes the notification and calls `contentHandler` exactly once.
    override open func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let original = UncheckedSendableBox(request.content)
        let handler = UncheckedSendableBox(contentHandler)
        let payloadJSON = JSONSerialization.isValidJSONObject(request.content.userInfo)
            ? try? JSONSerialization.data(withJSONObject: request.content.userInfo) : nil
        let container = appGroupIdentifier.flatMap { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) }
        let logger = Self.logger
        let counter = container.flatMap { directory in
            try? BadgeCounter(containerDirectory: directory) { diagnostic in
                logger.error("\(diagnostic.description, privacy: .public)")
            }
        }
        let processor = NotificationProcessor(
            policy: policy, preferences: preferencesSource(containerDirectory: container), badgeCounter: counter
        )
        let payloadSound = payloadJSON.flatMap { try? processor.parser.parse($0).payload.aps.sound }
        let portableOriginal = NotificationContent(request.content, sound: payloadSound)
        let loader = avatarLoader
        let deadline = DeadlineGuard(original: portableOriginal) { delivered, outcome in
            if !outcome.isCompleted { logger.notice("delivered with outcome \(outcome.description, privacy: .public)") }
            handler.value(UNNotificationContent.merging(delivered, into: original.value, comparedWith: portableOriginal))
        }
        stateLock.protecting { activeGuard = deadline }
        deadline.run(within: timeBudget) { bestAttempt in
            guard let payloadJSON else {
                throw PayloadRejection.notJSON(detail: "userInfo holds values that are not JSON")
            }
            let processed = try processor.process(payloadJSON, original: portableOriginal)
            for problem in processed.problems { logger.error("\(problem.description, privacy: .public)") }
            bestAttempt.record(processed.content)
            return await processor.attachingAvatar(to: processed.content, using: loader)
        }
    }

    /// Delivers the best attempt so far, because the system is about to end the extension.
    override open func serviceExtensionTimeWillExpire() {
        stateLock.protecting { activeGuard }?.expire()
    }
}

/// Downloads avatars with `URLSession`, reading at most the allowed number of bytes.
public struct URLSessionAvatarLoader: AvatarLoading {
    /// Creates a loader.
    public init() {}

    /// The image at `url`; throws for a status other than 200 or a body over `maximumBytes`.
    public func loadAvatar(from url: URL, maximumBytes: Int) async throws -> Data {
        let (bytes, response) = try await URLSession.shared.bytes(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        var data = Data()
        for try await byte in bytes {
            data.append(byte)
            if data.count > maximumBytes { throw URLError(.dataLengthExceedsMaximum) }
        }
        return data
    }
}

/// Carries a value that is not `Sendable` (UIKit content and handlers) into the guard's closures;
/// the extension touches each only from the one place that delivers.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
#endif

import Foundation

/// The cheap checks an incoming profile event must pass before anything is hashed or verified:
/// the subscription, author and kind asked for, a plausible `created_at`, and a bounded content.
struct ProfileEventScreen: Sendable {
    let subscriptionID: SubscriptionID
    let author: String
    let allowedClockSkew: Duration
    let maximumContentBytes: Int
    let currentTime: @Sendable () -> Date

    /// Why `event` (received for `subscription`) must be dropped, or `nil` when it may be verified.
    func reasonToDrop(_ event: NostrEvent, receivedFor subscription: String) -> EventDropReason? {
        guard subscription == subscriptionID.rawValue else { return .wrongSubscription }
        guard event.pubkey == author else { return .wrongAuthor }
        guard event.kind == ProfileFilter.profileKind else { return .wrongKind(event.kind) }
        let now = Int64(currentTime().timeIntervalSince1970.rounded(.down))
        if event.createdAt > now + allowedClockSkew.components.seconds {
            return .tooFarInFuture(createdAt: event.createdAt)
        }
        let contentBytes = event.content.utf8.count
        if contentBytes > maximumContentBytes { return .contentTooLarge(bytes: contentBytes) }
        return nil
    }
}

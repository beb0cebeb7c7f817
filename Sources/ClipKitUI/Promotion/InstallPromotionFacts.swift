import Foundation

/// What has happened in the current invocation, as far as the install promotion cares.
///
/// ``InstallPromotionPolicy`` decides from these facts alone, so every rule is a row in a table.
public struct InstallPromotionFacts: Sendable, Equatable {
    /// When the clip first showed its content (a driver's preview, a starter pack), if it has.
    @_spi(ClipKitTooling) public var contentShownAt: Date?
    /// When the person finished the clip's task (the handoff was offered), if they have.
    @_spi(ClipKitTooling) public var taskCompletedAt: Date?
    /// Whether the overlay is on screen right now.
    @_spi(ClipKitTooling) public var overlayIsPresented: Bool
    /// How many times an automatic request showed the overlay in this invocation.
    @_spi(ClipKitTooling) public var automaticPresentations: Int
    /// When the person last dismissed the overlay, in this or an earlier invocation.
    @_spi(ClipKitTooling) public var lastDismissedAt: Date?

    /// Creates facts; everything defaults to "nothing happened yet".
    public init(
        contentShownAt: Date? = nil, taskCompletedAt: Date? = nil, overlayIsPresented: Bool = false,
        automaticPresentations: Int = 0, lastDismissedAt: Date? = nil
    ) {
        self.contentShownAt = contentShownAt
        self.taskCompletedAt = taskCompletedAt
        self.overlayIsPresented = overlayIsPresented
        self.automaticPresentations = automaticPresentations
        self.lastDismissedAt = lastDismissedAt
    }
}

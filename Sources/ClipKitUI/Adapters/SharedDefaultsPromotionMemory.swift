import ClipKit
import Foundation

/// Remembers the overlay's last dismissal in the App Group's shared store, so a dismissal in one
/// invocation quiets automatic prompts in the next.
///
/// The value is the dismissal time in whole Unix seconds, as text. A value that cannot be read
/// counts as "never dismissed"; a write that fails is dropped (the worst outcome is one more
/// prompt, which the policy still limits to one per invocation).
@_spi(ClipKitTooling)
public struct SharedDefaultsPromotionMemory: InstallPromotionMemory {
    /// The key ClipKit keeps the dismissal under unless told otherwise.
    public static let defaultKey = "clipkit.promotion.dismissedAt"

    /// The shared store.
    public let defaults: any SharedDefaults
    /// The key the dismissal is kept under.
    public let key: String

    /// Creates a memory over `defaults`.
    public init(defaults: any SharedDefaults, key: String = SharedDefaultsPromotionMemory.defaultKey) {
        self.defaults = defaults
        self.key = key
    }

    /// When the overlay was last dismissed, if ever (and readable).
    public func lastDismissal() -> Date? {
        guard let data = try? defaults.data(forKey: key), data.count <= 32,
              let text = String(data: data, encoding: .utf8), let seconds = Int64(text), seconds >= 0
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Records a dismissal at `date`.
    public func recordDismissal(at date: Date) {
        let seconds = Int64(min(max(0, date.timeIntervalSince1970.rounded(.down)), 1e15))
        try? defaults.set(Data(String(seconds).utf8), forKey: key)
    }
}

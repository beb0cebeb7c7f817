import Foundation

/// Remembers when the person last dismissed the App Store overlay, across launches of the clip.
///
/// The clip keeps this in the shared store (the App Group's `SharedDefaults`) so that a
/// dismissal quiets automatic prompts in the next invocation too. Writes are best-effort: if
/// one fails, the worst outcome is one more prompt, so implementations do not throw.
public protocol InstallPromotionMemory: Sendable {
    /// When the person last dismissed the overlay, if ever.
    func lastDismissal() -> Date?
    /// Records a dismissal at `date`.
    func recordDismissal(at date: Date)
}

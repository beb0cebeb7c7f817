import ClipKit

/// The profile provider that `clipkit serve` and `clipkit site build` use for a manifest.
///
/// This is the one place that decides where preview profiles come from. Until a Nostr-backed
/// provider is wired in here, share pages render without a profile.
public enum DefaultShareProfileProvider {
    /// The provider for `manifest`'s routes, or `nil` when no route has a profile to preview.
    public static func make(for manifest: ClipManifest) -> (any ShareProfileProvider)? {
        nil
    }
}

import Foundation

/// An opt-in second write for an app that predates ClipKit's handoff and reads what its clip's web
/// content stored straight from `UserDefaults(suiteName:)`.
///
/// Each value the page stores under one of ``keys`` is also written there, as the string the page
/// sent, the way a hand-written clip did before. Bluesky's unchanged React Native app reads
/// `starterPackUri` from the App Group `group.app.bsky` this way. The handoff itself still goes
/// through ``/ClipKit/HandoffStore``; this write never replaces it, and nothing reads it back.
public struct LegacyDefaultsWrite: Sendable, Hashable {
    /// The suite the app reads: its App Group identifier.
    public let suiteName: String
    /// The keys that are also written there.
    public let keys: Set<String>

    /// Writes the values of `keys` into `UserDefaults(suiteName: suiteName)` too.
    public init(suiteName: String, keys: Set<String>) {
        self.suiteName = suiteName
        self.keys = keys
    }

    /// Writes `value` under `key` when `key` is one of ``keys``; returns whether it wrote.
    @discardableResult
    public func write(_ value: WebBridgeValue, forKey key: String) -> Bool {
        guard keys.contains(key), let defaults = UserDefaults(suiteName: suiteName) else { return false }
        defaults.set(value.text, forKey: key)
        return true
    }
}

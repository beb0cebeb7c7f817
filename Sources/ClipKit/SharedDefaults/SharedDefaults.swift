import Foundation

/// A small key–value store that an App Clip and its full app share through their App Group.
///
/// This is the platform seam under ``HandoffStore``: `UserDefaultsSharedDefaults` keeps values in
/// `UserDefaults(suiteName:)` on Apple platforms, and ``DirectorySharedDefaults`` keeps one file per
/// key in a folder (the App Group container on Apple platforms, any folder on Linux, in tests and in
/// tools). Keys follow `FieldRules.isStorageKey(_:)`: a letter, then up to 63 letters, digits, `_`,
/// `-` or `.`. Values are bytes, capped at ``maximumValueBytes``.
///
/// The one operation that matters for a one-shot handoff is ``takeValue(forKey:)``: read the value and
/// remove it so that, when several callers take the same value at once, exactly one of them gets it.
/// Each implementation documents how far that guarantee reaches (threads, processes).
public protocol SharedDefaults: Sendable {
    /// The largest value, in bytes, that the store writes or hands out.
    var maximumValueBytes: Int { get }

    /// The value stored under `key`, or `nil` when there is none.
    ///
    /// - Throws: ``SharedDefaultsError/valueTooLarge(key:bytes:limit:)`` when the stored value is larger
    ///   than ``maximumValueBytes`` (the value stays where it is), or another ``SharedDefaultsError``.
    func data(forKey key: String) throws -> Data?

    /// Stores `data` under `key`, replacing any value there; readers see the old or the new value, never a mix.
    func set(_ data: Data, forKey key: String) throws

    /// Removes the value under `key`; removing a missing value is not an error.
    func removeValue(forKey key: String) throws

    /// Reads the value under `key` and removes it, so that of several callers taking the same value
    /// exactly one receives it; `nil` when there is none.
    ///
    /// - Throws: ``SharedDefaultsError/valueTooLarge(key:bytes:limit:)`` when the taken value is larger
    ///   than ``maximumValueBytes``; the value is removed all the same.
    func takeValue(forKey key: String) throws -> Data?

    /// Removes the value under `key` only when it still equals `expected`; returns whether it did.
    ///
    /// Used to discard an entry that was read and found bad without discarding a newer one written
    /// in the meantime.
    func removeValue(forKey key: String, ifEqualTo expected: Data) throws -> Bool
}

extension SharedDefaults {
    /// Checks that `key` is a storage key, throwing ``SharedDefaultsError/invalidKey(_:)`` when it is not.
    public func validate(key: String) throws {
        guard FieldRules.isStorageKey(key) else { throw SharedDefaultsError.invalidKey(key) }
    }
}

#if canImport(Darwin)
import Foundation

/// A ``SharedDefaults`` store in `UserDefaults(suiteName:)`, the App Group's shared preferences.
///
/// Thin glue: the decisions (envelope, expiry, diagnostics) live in ``HandoffStore``.
///
/// - Important: `UserDefaults` has no cross-process read-and-remove. ``takeValue(forKey:)`` reads and
///   then removes under a lock, which makes it exactly-once among the threads of one process, but two
///   processes (the clip and the app, or the app and one of its extensions) taking at the same moment
///   can both receive the value. For the handoff that means a payload may, rarely, be applied twice;
///   when that matters, keep the store in the App Group container with ``DirectorySharedDefaults``
///   (`try DirectorySharedDefaults(container: .system(identifier: ...))`), whose take is atomic across
///   processes. Values written here may also reach disk later than the call returns.
@_spi(ClipKitTooling)
public final class UserDefaultsSharedDefaults: SharedDefaults, @unchecked Sendable {
    // `UserDefaults` is documented as thread-safe; the lock only makes read-then-remove one step.
    private let defaults: UserDefaults
    private let lock = NSLock()

    /// The App Group identifier used as the suite name.
    public let suiteName: String
    /// The largest value, in bytes, that the store writes or hands out.
    public let maximumValueBytes: Int

    /// Opens the App Group's shared defaults.
    ///
    /// - Throws: ``SharedDefaultsError/containerUnavailable(location:reason:)`` when `suiteName` is not an
    ///   App Group identifier or `UserDefaults` refuses the suite.
    public init(suiteName: String, maximumValueBytes: Int = DirectorySharedDefaults.defaultMaximumValueBytes) throws {
        guard FieldRules.isAppGroup(suiteName) else {
            throw SharedDefaultsError.containerUnavailable(location: suiteName, reason: "not an App Group identifier (expected group.<reverse-DNS name>)")
        }
        guard let defaults = UserDefaults(suiteName: suiteName) else {
            throw SharedDefaultsError.containerUnavailable(location: suiteName, reason: "UserDefaults refused the suite name")
        }
        self.defaults = defaults
        self.suiteName = suiteName
        self.maximumValueBytes = maximumValueBytes
    }

    /// Opens the shared defaults of an App Group container.
    public convenience init(container: AppGroupContainer, maximumValueBytes: Int = DirectorySharedDefaults.defaultMaximumValueBytes) throws {
        try self.init(suiteName: container.identifier, maximumValueBytes: maximumValueBytes)
    }

    /// The value stored under `key`, or `nil`.
    public func data(forKey key: String) throws -> Data? {
        try validate(key: key)
        return try checked(defaults.object(forKey: key), key: key)
    }

    /// Stores `data` under `key`.
    public func set(_ data: Data, forKey key: String) throws {
        try validate(key: key)
        guard data.count <= maximumValueBytes else {
            throw SharedDefaultsError.valueTooLarge(key: key, bytes: data.count, limit: maximumValueBytes)
        }
        defaults.set(data, forKey: key)
    }

    /// Removes the value under `key`.
    public func removeValue(forKey key: String) throws {
        try validate(key: key)
        defaults.removeObject(forKey: key)
    }

    /// Reads and removes the value under `key`: exactly-once among this process's threads only.
    public func takeValue(forKey key: String) throws -> Data? {
        try validate(key: key)
        lock.lock()
        let object = defaults.object(forKey: key)
        if object != nil { defaults.removeObject(forKey: key) }
        lock.unlock()
        return try checked(object, key: key)
    }

    /// Removes the value under `key` when it equals `expected` (atomic among this process's threads only).
    public func removeValue(forKey key: String, ifEqualTo expected: Data) throws -> Bool {
        try validate(key: key)
        lock.lock()
        defer { lock.unlock() }
        guard let current = defaults.object(forKey: key) as? Data, current == expected else { return false }
        defaults.removeObject(forKey: key)
        return true
    }

    private func checked(_ object: Any?, key: String) throws -> Data? {
        guard let object else { return nil }
        guard let data = object as? Data else {
            throw SharedDefaultsError.unexpectedValue(key: key, found: "a \(type(of: object))")
        }
        guard data.count <= maximumValueBytes else {
            throw SharedDefaultsError.valueTooLarge(key: key, bytes: data.count, limit: maximumValueBytes)
        }
        return data
    }
}
#endif

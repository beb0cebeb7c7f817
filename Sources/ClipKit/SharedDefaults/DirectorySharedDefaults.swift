import Foundation

/// A ``SharedDefaults`` store kept as one file per key in a folder: for Linux, tests, tools, and for
/// apps that need a cross-process one-shot claim inside their App Group container.
///
/// - Writes go to a new temporary file in the same folder, which is then renamed over the key's
///   file, so a reader sees the whole old value or the whole new one, never part of a write.
/// - ``takeValue(forKey:)`` renames the key's file to a name only the taker knows before reading it.
///   `rename(2)` is atomic, so when several threads or processes take the same value at once exactly
///   one rename succeeds and the others find nothing. A claim is therefore exactly-once across
///   processes, not only across threads.
/// - Keys are checked (`FieldRules.isStorageKey(_:)`) and cannot name anything outside the folder;
///   the store's own temporary names start with `.`, which no key does. Values are capped at
///   ``maximumValueBytes``, and files are created readable by their owner only.
/// - On a case-insensitive file system (the default on Apple platforms) `Key` and `key` name the
///   same entry; use keys that differ in more than case.
///
/// ```swift
/// let defaults = try DirectorySharedDefaults(directory: container.sharedDefaultsDirectory)
/// ```
public struct DirectorySharedDefaults: SharedDefaults, Equatable {
    /// The default cap on a value: 1 MiB.
    public static let defaultMaximumValueBytes = 1024 * 1024

    /// How old a leftover temporary file must be before the store removes it (ten minutes).
    @_spi(ClipKitTooling) public static let staleFileAge: TimeInterval = 600

    /// The folder that holds one file per key.
    public let directory: URL
    /// The largest value, in bytes, that the store writes or hands out.
    public let maximumValueBytes: Int
    /// Whether writes are flushed to storage before they are published (slower, survives power loss).
    @_spi(ClipKitTooling) public let synchronizesWrites: Bool

    /// Opens (and creates, when needed) the store in `directory`.
    ///
    /// Leftovers of writers or takers that were killed mid-operation (temporary files older than
    /// `staleFileAge`) are removed.
    ///
    /// - Throws: ``SharedDefaultsError/containerUnavailable(location:reason:)`` when the folder cannot be
    ///   created or is not a folder.
    public init(
        directory: URL, maximumValueBytes: Int = DirectorySharedDefaults.defaultMaximumValueBytes,
        synchronizesWrites: Bool = true
    ) throws {
        try self.init(checkingDirectory: directory, maximumValueBytes: maximumValueBytes, synchronizesWrites: synchronizesWrites)
    }

    /// The initializer above with its error typed, for this package.
    package init(checkingDirectory directory: URL, maximumValueBytes: Int, synchronizesWrites: Bool) throws(SharedDefaultsError) {
        self.directory = directory.standardizedFileURL
        self.maximumValueBytes = max(0, maximumValueBytes)
        self.synchronizesWrites = synchronizesWrites
        try createDirectory()
        removeStaleFiles(olderThan: Self.staleFileAge)
    }

    /// Opens the store that lives in an App Group container (`AppGroupContainer.sharedDefaultsDirectory`).
    public init(
        container: AppGroupContainer, maximumValueBytes: Int = DirectorySharedDefaults.defaultMaximumValueBytes,
        synchronizesWrites: Bool = true
    ) throws {
        try self.init(checkingContainer: container, maximumValueBytes: maximumValueBytes, synchronizesWrites: synchronizesWrites)
    }

    /// The initializer above with its error typed, for this package.
    package init(checkingContainer container: AppGroupContainer, maximumValueBytes: Int, synchronizesWrites: Bool) throws(SharedDefaultsError) {
        try self.init(
            checkingDirectory: container.sharedDefaultsDirectory, maximumValueBytes: maximumValueBytes,
            synchronizesWrites: synchronizesWrites
        )
    }

    // MARK: SharedDefaults

    /// The value stored under `key`, or `nil`.
    public func data(forKey key: String) throws -> Data? {
        try validate(key: key)
        return try read(path: path(forKey: key), key: key, limit: maximumValueBytes)
    }

    /// Stores `data` under `key` by writing a temporary file and renaming it over the key's file.
    public func set(_ data: Data, forKey key: String) throws {
        try validate(key: key)
        guard data.count <= maximumValueBytes else {
            throw SharedDefaultsError.valueTooLarge(key: key, bytes: data.count, limit: maximumValueBytes)
        }
        let temporary = uniquePath(prefix: ".tmp-")
        do throws(FileOperations.Failure) {
            do throws(FileOperations.Failure) {
                try FileOperations.createFile(path: temporary, data: data, synchronize: synchronizesWrites)
            } catch where error.isMissing {
                // The folder was removed (the system may clear a clip's data); create it again once.
                try? createDirectory()
                try FileOperations.createFile(path: temporary, data: data, synchronize: synchronizesWrites)
            }
            guard try FileOperations.renameItem(temporary, to: path(forKey: key)) else {
                throw FileOperations.Failure(call: "rename", code: ENOENT)
            }
        } catch {
            try? FileOperations.removeItem(temporary)
            throw SharedDefaultsError.operationFailed(operation: "store", key: key, reason: error.reason)
        }
        if synchronizesWrites { FileOperations.synchronizeFolder(directory.path) }
    }

    /// Removes the value under `key`.
    public func removeValue(forKey key: String) throws {
        try validate(key: key)
        do {
            try FileOperations.removeItem(path(forKey: key))
        } catch {
            throw SharedDefaultsError.operationFailed(operation: "remove", key: key, reason: error.reason)
        }
    }

    /// Takes the value under `key`: renames its file to a name only this call knows, reads it, removes it.
    ///
    /// Of several takers (threads or processes) exactly one renames a given file; the others find
    /// nothing (or a newer value written after the first take).
    public func takeValue(forKey key: String) throws -> Data? {
        try validate(key: key)
        guard let taken = try moveAside(key: key) else { return nil }
        defer { try? FileOperations.removeItem(taken) }
        return try read(path: taken, key: key, limit: maximumValueBytes)
    }

    /// Removes the value under `key` when it still equals `expected`.
    ///
    /// The value is taken aside first; when it turns out to be a newer value, it is put back under
    /// `key` unless an even newer one has been stored meanwhile (which then wins, as a later write would).
    public func removeValue(forKey key: String, ifEqualTo expected: Data) throws -> Bool {
        try validate(key: key)
        guard let taken = try moveAside(key: key) else { return false }
        defer { try? FileOperations.removeItem(taken) }
        let current: Data?
        do {
            current = try read(path: taken, key: key, limit: max(maximumValueBytes, expected.count))
        } catch {
            // Unreadable or too large: it cannot be a value worth keeping.
            return false
        }
        if current == expected { return true }
        do {
            _ = try FileOperations.linkItem(taken, to: path(forKey: key))
        } catch {
            throw SharedDefaultsError.operationFailed(operation: "restore", key: key, reason: error.reason)
        }
        return false
    }

    // MARK: Housekeeping

    /// Removes temporary files older than `age` seconds that killed writers or takers left behind.
    @_spi(ClipKitTooling) public func removeStaleFiles(olderThan age: TimeInterval) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let cutoff = Date().addingTimeInterval(-age)
        for name in names where name.hasPrefix(".tmp-") || name.hasPrefix(".taken-") {
            let path = directory.appendingPathComponent(name).path
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, modified < cutoff { try? FileOperations.removeItem(path) }
        }
    }

    // MARK: Helpers

    private func path(forKey key: String) -> String {
        directory.appendingPathComponent(key, isDirectory: false).path
    }

    private func uniquePath(prefix: String) -> String {
        directory.appendingPathComponent(prefix + UUID().uuidString, isDirectory: false).path
    }

    /// Renames the key's file to a fresh name; `nil` when there is no file.
    private func moveAside(key: String) throws(SharedDefaultsError) -> String? {
        let taken = uniquePath(prefix: ".taken-")
        do {
            return try FileOperations.renameItem(path(forKey: key), to: taken) ? taken : nil
        } catch {
            throw .operationFailed(operation: "take", key: key, reason: error.reason)
        }
    }

    private func read(path: String, key: String, limit: Int) throws(SharedDefaultsError) -> Data? {
        let result: FileOperations.ReadResult
        do {
            result = try FileOperations.readFile(path: path, limit: limit)
        } catch {
            throw .operationFailed(operation: "read", key: key, reason: error.reason)
        }
        switch result {
        case .missing: return nil
        case .tooLarge(let bytes): throw .valueTooLarge(key: key, bytes: bytes, limit: limit)
        case .data(let data): return data
        }
    }

    private func createDirectory() throws(SharedDefaultsError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw .containerUnavailable(location: directory.path, reason: "it exists and is not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw .containerUnavailable(location: directory.path, reason: FileErrorReason.describe(error, at: directory.path, isFolder: true))
        }
    }
}

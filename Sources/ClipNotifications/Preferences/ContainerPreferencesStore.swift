import Foundation

/// Notification preferences kept as a small JSON object in a file, normally in the App Group
/// container, where the app writes them and its extension reads them.
///
/// The file holds one object whose members are Booleans, numbers or strings:
/// `{"playSoundChat": true}`. A missing file means no preferences (every switch off). The app
/// writes with ``save(_:)``, which replaces the file atomically, so the extension never reads half
/// a file.
public struct ContainerPreferencesStore: NotificationPreferencesSource, Hashable {
    /// The file's name inside the container, when the store is created from a container directory.
    public static let defaultFileName = "ClipNotificationPreferences.json"
    /// The largest preferences file read, in bytes.
    public static let maximumBytes = 65_536

    /// The preferences file.
    public let file: URL

    /// A store for the file `fileName` in the App Group container `containerDirectory`.
    public init(containerDirectory: URL, fileName: String = ContainerPreferencesStore.defaultFileName) {
        file = containerDirectory.appendingPathComponent(fileName)
    }

    /// A store for `file`.
    public init(file: URL) {
        self.file = file
    }

    /// Reads the file; no file means empty preferences.
    public func loadPreferences() throws -> NotificationPreferences {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumBytes + 1) ?? Data()
        } catch {
            if (error as NSError).domain == NSCocoaErrorDomain && (error as NSError).code == NSFileReadNoSuchFileError
                || !FileManager.default.fileExists(atPath: file.path) {
                return NotificationPreferences()
            }
            throw PreferencesError.unreadable(path: file.path, detail: error.localizedDescription)
        }
        return try Self.decode(data, path: file.path)
    }

    /// Replaces the file with `preferences`, atomically.
    public func save(_ preferences: NotificationPreferences) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let data = try encoder.encode(preferences.values)
            try data.write(to: file, options: .atomic)
        } catch {
            throw PreferencesError.unwritable(path: file.path, detail: error.localizedDescription)
        }
    }

    /// Decodes the bytes of a preferences file found at `path`.
    static func decode(_ data: Data, path: String) throws(PreferencesError) -> NotificationPreferences {
        guard data.count <= maximumBytes else {
            throw .tooLarge(path: path, bytes: data.count, limit: maximumBytes)
        }
        guard JSONNestingScanner.nesting(of: data, isAtMost: 8) else {
            throw .malformed(path: path, detail: "nests too deeply")
        }
        let value: PayloadValue
        do {
            value = try JSONDecoder().decode(PayloadValue.self, from: data)
        } catch {
            throw .malformed(path: path, detail: "not valid JSON")
        }
        guard case .object(let members) = value else {
            throw .malformed(path: path, detail: "the top level is \(value.typeDescription), not an object")
        }
        var values: [String: PreferenceValue] = [:]
        for (key, member) in members {
            switch member {
            case .bool(let flag): values[key] = .bool(flag)
            case .number(let number): values[key] = .number(number)
            case .string(let string): values[key] = .string(string)
            case .null, .array, .object:
                throw .malformed(path: path, detail: "member \"\(key.prefix(64))\" is \(member.typeDescription); preferences hold only true/false, numbers and strings")
            }
        }
        return NotificationPreferences(values)
    }
}

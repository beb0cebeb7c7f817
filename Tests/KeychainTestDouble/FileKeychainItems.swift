@_spi(ClipKitTooling) import ClipKit
import ClipServices
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TEST DOUBLE for the keychain: Linux has no keychain (and no real program here can play
/// securityd), so the keychain handoff's tests run over this file-backed ``KeychainItems``.
///
/// Each service is a folder and each item a file named by its account, so separate processes share
/// it as they share the keychain. It keeps the keychain's rules that the handoff depends on: adding
/// an item whose account exists fails (`errSecDuplicateItem`), and of several callers deleting the
/// same item exactly one is told it did, because `unlink(2)` removes a name once. An item appears
/// whole (written aside, then `link(2)`ed in under its account), as a keychain item does.
package struct FileKeychainItems: KeychainItems {
    /// The folder that holds one folder per service.
    package let directory: URL

    /// A keychain in `directory`, created when needed.
    package init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    package func add(_ data: Data, service: String, account: String) throws(SharedDefaultsError) {
        let folder = try serviceFolder(service)
        let temporary = folder.appendingPathComponent(".tmp-" + UUID().uuidString).path
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw .operationFailed(operation: "store", key: service, reason: "cannot write \(temporary)")
        }
        defer { unlink(temporary) }
        if link(temporary, folder.appendingPathComponent(account).path) != 0 {
            let code = errno
            throw .operationFailed(
                operation: "store", key: service,
                reason: code == EEXIST ? "duplicate item (errSecDuplicateItem)" : String(cString: strerror(code))
            )
        }
    }

    package func firstItem(service: String) throws(SharedDefaultsError) -> KeychainItem? {
        let folder = try serviceFolder(service)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for name in names {
            // Deleted between the listing and the read: another caller took it.
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            return KeychainItem(account: name, data: data)
        }
        return nil
    }

    package func delete(service: String, account: String?) throws(SharedDefaultsError) -> Bool {
        let folder = try serviceFolder(service)
        let names: [String]
        if let account {
            names = [account]
        } else {
            names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
        }
        var deleted = false
        for name in names {
            if unlink(folder.appendingPathComponent(name).path) == 0 {
                deleted = true
            } else if errno != ENOENT {
                throw .operationFailed(operation: "remove", key: service, reason: String(cString: strerror(errno)))
            }
        }
        return deleted
    }

    /// The files of `service`'s items (for tests that plant or inspect raw items).
    package func itemFiles(service: String) throws -> [URL] {
        let folder = try serviceFolder(service)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    private func serviceFolder(_ service: String) throws(SharedDefaultsError) -> URL {
        guard FieldRules.isStorageKey(service) else { throw .invalidKey(service) }
        let folder = directory.appendingPathComponent(service, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .containerUnavailable(location: folder.path, reason: "\(error)")
        }
        return folder
    }
}

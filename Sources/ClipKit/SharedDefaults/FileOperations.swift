import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls ``DirectorySharedDefaults`` is built on, with `errno` turned into messages.
///
/// Foundation's file APIs do not promise the properties the store relies on: `rename(2)` replaces or
/// moves a name atomically (so of two processes renaming the same file, exactly one succeeds), and
/// `link(2)` creates a name only when it does not exist yet.
enum FileOperations {
    /// What reading a file found.
    enum ReadResult {
        /// No file has that name.
        case missing
        /// The file is larger than the limit; its size.
        case tooLarge(Int)
        /// The file's bytes.
        case data(Data)
    }

    /// A failed call: which one and the system's reason.
    struct Failure: Error {
        let call: String
        let code: Int32
        var reason: String { "\(call) failed: \(String(cString: strerror(code)))" }
        var isMissing: Bool { code == ENOENT }
    }

    /// Reads a regular file of at most `limit` bytes, without following a symbolic link.
    static func readFile(path: String, limit: Int) throws(Failure) -> ReadResult {
        do throws(InputFile.Failure) {
            return .data(try InputFile.read(path: path, limit: limit, followsSymbolicLinks: false))
        } catch {
            switch error {
            case .missing: return .missing
            case .tooLarge(let bytes, _): return .tooLarge(Int(clamping: bytes))
            case .symbolicLink: throw Failure(call: "open", code: ELOOP)
            case .notRegularFile: throw Failure(call: "open (not a regular file)", code: EINVAL)
            case .system(let call, let code): throw Failure(call: call, code: code)
            }
        }
    }

    /// Creates `path` (which must not exist) with mode 0600, writes `data` and optionally flushes it to storage.
    static func createFile(path: String, data: Data, synchronize: Bool) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor < 0 { throw Failure(call: "open", code: errno) }
        var failure: Failure?
        data.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = write(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(call: "write", code: errno)
                    return
                }
                written += count
            }
        }
        if failure == nil, synchronize, fsync(descriptor) != 0 { failure = Failure(call: "fsync", code: errno) }
        if close(descriptor) != 0, failure == nil { failure = Failure(call: "close", code: errno) }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Renames `source` to `destination` atomically, replacing it; false when `source` does not exist.
    static func renameItem(_ source: String, to destination: String) throws(Failure) -> Bool {
        if rename(source, destination) == 0 { return true }
        let code = errno
        if code == ENOENT { return false }
        throw Failure(call: "rename", code: code)
    }

    /// Gives the file at `source` the additional name `destination`; false when `destination` exists.
    static func linkItem(_ source: String, to destination: String) throws(Failure) -> Bool {
        if link(source, destination) == 0 { return true }
        let code = errno
        if code == EEXIST { return false }
        throw Failure(call: "link", code: code)
    }

    /// Removes the name `path`; a missing name is not an error.
    static func removeItem(_ path: String) throws(Failure) {
        if unlink(path) == 0 { return }
        let code = errno
        if code != ENOENT { throw Failure(call: "unlink", code: code) }
    }

    /// Flushes a folder's entries (new and renamed names) to storage.
    static func synchronizeFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The badge counter's open file: the POSIX calls it needs, each retried on `EINTR` and mapped
/// onto ``BadgeCounterError``. Not thread-safe; ``BadgeCounter`` serialises access.
final class CounterFile {
    let path: String
    private var descriptor: Int32

    /// Opens (creating when needed) the file at `path`, readable and writable by the owner only.
    init(path: String) throws(BadgeCounterError) {
        self.path = path
        let opened = Self.retrying { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        guard opened >= 0 else {
            let code = errno
            let folder = (path as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            if code == ENOENT || code == ENOTDIR || !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
                throw .containerUnavailable(path: folder, detail: Self.describe(code))
            }
            throw .cannotOpen(path: path, detail: Self.describe(code))
        }
        descriptor = opened
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
    }

    /// Waits for the advisory lock: exclusive for writers, shared for readers.
    func lock(exclusive: Bool) throws(BadgeCounterError) {
        let result = Self.retrying { flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) }
        guard result == 0 else { throw .cannotLock(path: path, detail: Self.describe(errno)) }
    }

    /// Releases the advisory lock (closing the file or the process dying releases it too).
    func unlock() {
        _ = Self.retrying { flock(descriptor, LOCK_UN) }
    }

    /// The file's size, and whether it still has a name (`false` once it was deleted or replaced).
    func status() throws(BadgeCounterError) -> (size: Int, isLinked: Bool) {
        var information = stat()
        guard fstat(descriptor, &information) == 0 else { throw .cannotRead(path: path, detail: Self.describe(errno)) }
        return (Int(information.st_size), information.st_nlink > 0)
    }

    /// The first ``BadgeRecord/fileSize`` bytes (fewer when the file is shorter).
    func readRecord() throws(BadgeCounterError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: BadgeRecord.fileSize)
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let start = raw.baseAddress else { return 0 }
                return Self.retrying { pread(descriptor, start + total, raw.count - total, off_t(total)) }
            }
            if count < 0 { throw .cannotRead(path: path, detail: Self.describe(errno)) }
            if count == 0 { break }
            total += count
        }
        return Array(buffer.prefix(total))
    }

    /// Writes `bytes` at `offset`, all of them.
    func write(_ bytes: [UInt8], at offset: Int) throws(BadgeCounterError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw -> Int in
                guard let start = raw.baseAddress else { return 0 }
                return Self.retrying { pwrite(descriptor, start + written, raw.count - written, off_t(offset + written)) }
            }
            if count <= 0 { throw .cannotWrite(path: path, detail: Self.describe(count < 0 ? errno : ENOSPC)) }
            written += count
        }
    }

    /// Cuts the file to `size` bytes.
    func truncate(to size: Int) throws(BadgeCounterError) {
        guard Self.retrying({ ftruncate(descriptor, off_t(size)) }) == 0 else {
            throw .cannotWrite(path: path, detail: Self.describe(errno))
        }
    }

    /// Flushes written data to storage.
    func synchronize() throws(BadgeCounterError) {
        #if canImport(Darwin)
        // fsync on Apple platforms leaves data in the drive's cache; F_FULLFSYNC flushes it.
        let result = Self.retrying { fcntl(descriptor, F_FULLFSYNC) } == 0 ? 0 : Self.retrying { fsync(descriptor) }
        #else
        let result = Self.retrying { fdatasync(descriptor) }
        #endif
        guard result == 0 else { throw .cannotWrite(path: path, detail: Self.describe(errno)) }
    }

    private static func retrying<Result: FixedWidthInteger & SignedInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file whole, after checking what it is and how large it is without reading it.
///
/// A device such as `/dev/null`, a FIFO or a folder is refused by kind, and a file over the limit by
/// the size `fstat` reports, so a 1 GB file is never read to find out that it is too large.
@_spi(ClipKitTooling)
public enum InputFile {
    /// Why an input file was not read.
    public enum Failure: Error, Sendable, Equatable {
        /// Nothing has that name (or, when links are not followed, a link points nowhere).
        case missing
        /// The name is a symbolic link and links are not followed.
        case symbolicLink
        /// The name is not a regular file; `kind` says what it is (`a folder`, `a character device`, …).
        case notRegularFile(kind: String)
        /// The file has more bytes than the limit.
        case tooLarge(bytes: UInt64, limit: Int)
        /// A system call failed.
        case system(call: String, code: Int32)

        /// The reason in words, for a sentence that already names the file.
        public var reason: String {
            switch self {
            case .missing: return "no such file"
            case .symbolicLink: return "it is a symbolic link, which is not followed here"
            case .notRegularFile(let kind): return "not a regular file (it is \(kind)); give the path of a file"
            case .tooLarge(let bytes, let limit):
                return "the file is \(ByteSize.text(bytes)), more than the \(ByteSize.text(limit)) accepted"
            case .system(let call, let code): return "\(call) failed: \(FileErrorReason.posix(code))"
            }
        }
    }

    /// The bytes of the regular file at `path`, of at most `limit` bytes.
    ///
    /// - Parameters:
    ///   - path: The file to read.
    ///   - limit: The most bytes accepted; a larger file is refused.
    ///   - followsSymbolicLinks: When `false`, a symbolic link is refused (``Failure/symbolicLink``).
    public static func read(path: String, limit: Int, followsSymbolicLinks: Bool = true) throws(Failure) -> Data {
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        if !followsSymbolicLinks { flags |= O_NOFOLLOW }
        let descriptor = open(path, flags)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { throw .missing }
            if code == ELOOP, !followsSymbolicLinks { throw .symbolicLink }
            if code == EISDIR { throw .notRegularFile(kind: "a folder") }
            throw .system(call: "open", code: code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(call: "fstat", code: errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile(kind: kind(of: status.st_mode)) }
        let size = UInt64(max(0, status.st_size))
        if size > UInt64(max(0, limit)) { throw .tooLarge(bytes: size, limit: limit) }
        // Read up to one byte past the limit, in case the file grew since fstat.
        var buffer = [UInt8](repeating: 0, count: max(0, limit) + 1)
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress.map { $0 + total }, raw.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(call: "read", code: errno)
            }
            if count == 0 { break }
            total += count
        }
        if total > limit { throw .tooLarge(bytes: UInt64(total), limit: limit) }
        return Data(buffer[0..<total])
    }

    /// What a file-type mode names, as an object of a sentence.
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        case S_IFREG: return "a regular file"
        default: return "not a file"
        }
    }
}

/// `read(2)`, named apart from ``InputFile/read(path:limit:followsSymbolicLinks:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension InputFile.Failure: CustomStringConvertible, LocalizedError {
    /// The reason in words (``reason``).
    public var description: String { reason }

    /// The reason, for `localizedDescription`.
    public var errorDescription: String? { reason }

    /// What to do about it, when the reason says.
    public var recoverySuggestion: String? {
        if case .notRegularFile = self { return "Give the path of a regular file." }
        return nil
    }
}

import Foundation

/// Foundation and POSIX file errors in words a person can act on, instead of
/// `The operation could not be completed. (NSCocoaErrorDomain error 512.)`.
@_spi(ClipKitTooling)
public enum FileErrorReason {
    /// Why a file operation failed: the system's reason (from the error or the POSIX error beneath
    /// it), never a bare domain and code. Callers put the path and what to do around it.
    public static func describe(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return posix(Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posix(Int32(underlying.code))
        }
        if error.domain == NSCocoaErrorDomain, let reason = cocoa(error.code) { return reason }
        let text = error.localizedDescription
        if text.contains("NSCocoaErrorDomain") || text.contains("error \(error.code)") || text.isEmpty {
            return "the file operation failed (\(error.domain) \(error.code))"
        }
        return text
    }

    /// Why a file operation on `path` failed, looking at the path itself when the error does not
    /// say: a part of it that is a file where a folder is needed, or a symbolic link to nothing.
    ///
    /// - Parameters:
    ///   - error: The error the operation threw.
    ///   - path: The path the operation was given.
    ///   - isFolder: Whether `path` itself must be a folder (one to create, list or write into).
    public static func describe(_ error: any Error, at path: String, isFolder: Bool) -> String {
        if let blocking = blockingItem(on: path, isFolder: isFolder) { return blocking }
        return describe(error)
    }

    /// What stands in the way of creating `path` or writing into it, if anything visible does.
    private static func blockingItem(on path: String, isFolder: Bool) -> String? {
        var status = stat()
        if let dangling = danglingLink(path) { return dangling }
        if isFolder, stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR {
            return "\(path) is \(InputFile.kind(of: status.st_mode)), not a folder"
        }
        var ancestor = (path as NSString).deletingLastPathComponent
        while !ancestor.isEmpty, ancestor != "/" {
            if let dangling = danglingLink(ancestor) { return dangling }
            if stat(ancestor, &status) == 0 {
                return (status.st_mode & S_IFMT) == S_IFDIR ? nil : "\(ancestor) is \(InputFile.kind(of: status.st_mode)), not a folder"
            }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// `path is a symbolic link to …, which does not exist`, when it is one.
    private static func danglingLink(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, stat(path, &status) != 0 else { return nil }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "a missing target"
        return "\(path) is a symbolic link to \(target), which does not exist"
    }

    /// The C library's words for `code`, lowercased to sit inside a sentence.
    public static func posix(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EACCES, EPERM: return "permission denied"
        case EEXIST: return "something already has that name"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case EISDIR: return "it is a folder, not a file"
        case ENOSPC: return "no space left on the device"
        case EROFS: return "the file system is read-only"
        case ELOOP: return "too many symbolic links (a link loop?)"
        case ENAMETOOLONG: return "the name is too long"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    private static func cocoa(_ code: Int) -> String? {
        switch code {
        case CocoaError.fileNoSuchFile.rawValue, CocoaError.fileReadNoSuchFile.rawValue: return posix(ENOENT)
        case CocoaError.fileReadNoPermission.rawValue, CocoaError.fileWriteNoPermission.rawValue,
             CocoaError.fileLocking.rawValue:
            return posix(EACCES)
        case CocoaError.fileWriteFileExists.rawValue: return posix(EEXIST)
        case CocoaError.fileWriteOutOfSpace.rawValue: return posix(ENOSPC)
        case CocoaError.fileWriteVolumeReadOnly.rawValue: return posix(EROFS)
        case CocoaError.fileReadInvalidFileName.rawValue, CocoaError.fileWriteInvalidFileName.rawValue:
            return "the file name is not valid"
        case CocoaError.fileReadTooLarge.rawValue: return "the file is too large to read"
        case CocoaError.fileReadCorruptFile.rawValue: return "the file's contents are not in the expected format"
        case CocoaError.fileReadInapplicableStringEncoding.rawValue, CocoaError.fileWriteInapplicableStringEncoding.rawValue:
            return "the text is not in the expected encoding"
        case CocoaError.fileReadUnknown.rawValue: return "the file could not be read"
        case CocoaError.fileWriteUnknown.rawValue: return "the file could not be written"
        default: return nil
        }
    }
}

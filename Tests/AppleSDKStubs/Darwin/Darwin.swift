// Stands in for Darwin: the C library the glue calls is POSIX, so the Linux C library supplies
// the shared part, and the Darwin-only names the glue uses are declared below.
@_exported import Glibc

/// `fcntl` command that flushes a file's data through the drive's cache to permanent storage.
@available(iOS 2.0, macOS 10.0, *)
public var F_FULLFSYNC: Int32 { 51 }

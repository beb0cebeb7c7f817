import Foundation

/// The `--container DIR` folder of the commands that work in an App Group container.
///
/// On a device the container always exists before a clip or an app writes to it, so a folder
/// that is missing here is a mistyped path: the commands answer bad input instead of creating it.
enum ContainerFolder {
    /// The container as a folder URL, or a bad-input failure that says what is at `path` instead.
    static func existing(_ path: String, option: String = "--container") throws -> URL {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw CommandFailure.badInput(
                "\(option) \(path): no such folder; check the path for a typo, or create the App Group container folder first"
            )
        }
        if (status.st_mode & S_IFMT) == S_IFLNK {
            if let target = danglingLinkTarget(path) {
                throw CommandFailure.badInput(
                    "\(option) \(path): a symbolic link to \(target), which does not exist; point it at the container folder or create that folder"
                )
            }
            _ = stat(path, &status)
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw CommandFailure.badInput("\(option) \(path): not a folder; give the App Group container folder")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Where the symbolic link at `path` points, when it is a link to nothing; `nil` otherwise.
    static func danglingLinkTarget(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, stat(path, &status) != 0 else { return nil }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "a missing target"
    }
}

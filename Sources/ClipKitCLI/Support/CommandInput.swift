import ClipKit
import Foundation

/// Reads a command's input argument: a file path, or `-` for standard input.
///
/// A file is checked before it is read (a regular file, not over the limit by the size `fstat`
/// reports), so a device, a folder or a 1 GB file gets an answer that says which it is.
enum CommandInput {
    /// The bytes of `argument` (a path, or `-` for standard input), at most `limit` of them.
    ///
    /// - Parameter what: What the input is, for messages: `the payload`, `the event`.
    static func read(_ argument: String, limit: Int, what: String) throws -> Data {
        guard argument == "-" else {
            do throws(InputFile.Failure) {
                return try InputFile.read(path: argument, limit: limit)
            } catch {
                throw CommandFailure.badInput("\(argument): cannot read \(what): \(error.reason)")
            }
        }
        var data = Data()
        do {
            while data.count <= limit, let chunk = try FileHandle.standardInput.read(upToCount: limit + 1 - data.count), !chunk.isEmpty {
                data.append(chunk)
            }
        } catch {
            throw CommandFailure.badInput("standard input: cannot read \(what): \(FileErrorReason.describe(error))")
        }
        guard data.count <= limit else {
            throw CommandFailure.badInput("standard input: \(what) is more than the \(ByteSize.text(limit)) accepted")
        }
        return data
    }
}

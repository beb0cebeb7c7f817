@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Reads a command's input argument: a file path, or `-` for standard input.
///
/// A file is checked before it is read (a regular file, not over the limit by the size `fstat`
/// reports), so a device, a folder or a 1 GB file gets an answer that says which it is.
enum CommandInput {
    /// What reading an input found.
    enum Contents {
        /// The input's bytes, within the limit.
        case bytes(Data)
        /// The input is over the limit: its size when it is a file, `nil` for standard input
        /// (read only to one byte past the limit).
        case tooLarge(bytes: UInt64?)
    }

    /// The bytes of `argument` (a path, or `-` for standard input), at most `limit` of them.
    ///
    /// - Parameter what: What the input is, for messages: `the payload`, `the event`.
    static func read(_ argument: String, limit: Int, what: String) throws -> Data {
        switch try contents(argument, limit: limit, what: what) {
        case .bytes(let data):
            return data
        case .tooLarge(let bytes?):
            throw CommandFailure.badInput(
                "\(argument): cannot read \(what): \(InputFile.Failure.tooLarge(bytes: bytes, limit: limit).reason)"
            )
        case .tooLarge(nil):
            throw CommandFailure.badInput("standard input: \(what) is more than the \(ByteSize.text(limit)) accepted")
        }
    }

    /// The bytes of `argument` (a path, or `-` for standard input), or how far over `limit` it is;
    /// an input that cannot be read at all is a bad-input failure.
    static func contents(_ argument: String, limit: Int, what: String) throws -> Contents {
        guard argument == "-" else {
            do throws(InputFile.Failure) {
                return .bytes(try InputFile.read(path: argument, limit: limit))
            } catch {
                if case .tooLarge(let bytes, _) = error { return .tooLarge(bytes: bytes) }
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
        return data.count <= limit ? .bytes(data) : .tooLarge(bytes: nil)
    }
}

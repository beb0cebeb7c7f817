@_spi(ClipKitTooling) import ClipKit
import Foundation

extension AASAValidator {
    /// Reads and checks the AASA file at `path`.
    ///
    /// A file over ``AASADocument/maximumBytes`` is a ``AASAFinding/Code/fileTooLarge`` finding
    /// with its real size, found with `fstat` rather than by reading it.
    ///
    /// - Throws: ``AASAFileError`` when the path is not a readable regular file.
    public func validate(fileAt path: String) throws(AASAFileError) -> AASAValidationReport {
        do throws(InputFile.Failure) {
            return validate(data: try InputFile.read(path: path, limit: AASADocument.maximumBytes))
        } catch {
            if case .tooLarge(let bytes, let limit) = error {
                return AASAValidationReport(findings: [AASAFileCheck.tooLarge(bytes: bytes, limit: limit)])
            }
            throw AASAFileError(path: path, reason: error.reason)
        }
    }
}

extension AASADocument {
    /// Reads and parses the AASA file at `path`; a file over ``maximumBytes`` is refused by its size
    /// without being read.
    ///
    /// - Throws: ``AASAFileError`` naming the file and what is wrong with it.
    public init(contentsOfFile path: String) throws(AASAFileError) {
        let data: Data
        do throws(InputFile.Failure) {
            data = try InputFile.read(path: path, limit: AASADocument.maximumBytes)
        } catch {
            if case .tooLarge(let bytes, let limit) = error {
                throw AASAFileError(path: path, reason: AASADocumentError.tooLarge(bytes: Int(clamping: bytes), limit: limit).description)
            }
            throw AASAFileError(path: path, reason: error.reason)
        }
        do {
            try self.init(parsing: data)
        } catch {
            throw AASAFileError(path: path, reason: error.description)
        }
    }
}

/// Why an AASA file on disk could not be read.
public struct AASAFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path as given.
    public let path: String
    /// What is wrong with it, in words.
    public let reason: String

    /// Creates the error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}

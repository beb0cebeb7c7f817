/// Why a built product (`.app`, `.ipa`, `.xcarchive`) could not be opened or a file in it read.
public enum ProductError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path does not exist or cannot be opened.
    case unreadable(path: String, reason: String)
    /// The path is not an `.app` folder, an `.ipa` (zip) file or an `.xcarchive` folder.
    case unsupportedKind(path: String)
    /// The product has more files than the reader lists.
    case tooManyFiles(path: String, limit: Int)
    /// A file inside the product is larger than the reader reads.
    case fileTooLarge(path: String, bytes: UInt64, limit: Int)
    /// A file inside the product is missing.
    case missingFile(path: String)

    /// What went wrong, for a person.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot open \(path): \(reason)"
        case .unsupportedKind(let path):
            return "\(path) is not a built product: expected an .app folder, an .ipa file or an .xcarchive folder"
        case .tooManyFiles(let path, let limit): return "\(path) has more than \(limit) files"
        case .fileTooLarge(let path, let bytes, let limit): return "\(path) has \(bytes) bytes, more than the \(limit) read"
        case .missingFile(let path): return "\(path) is missing"
        }
    }
}

@_spi(ClipKitTooling) import ClipKit

/// One problem found in a manifest, with the JSON path where it is.
public struct ManifestIssue: Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, as a path from the document root: `$.routes[0].pattern`.
    public let path: String
    /// What is wrong and what is expected, for a person.
    public let message: String

    /// Creates an issue.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// Why a manifest could not be loaded.
public enum ManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is larger than a manifest may be.
    case tooLarge(file: String, bytes: Int, limit: Int)
    /// The bytes are not JSON.
    case notJSON(file: String, reason: String)
    /// The JSON does not describe a valid manifest; each issue names its path.
    case invalid(file: String, issues: [ManifestIssue])

    /// The problems as issues with paths; a file that could not be read or parsed gives one issue at `$`.
    public var issues: [ManifestIssue] {
        switch self {
        case .invalid(_, let issues): return issues
        case .unreadable(_, let reason): return [ManifestIssue(path: "$", message: reason)]
        case .tooLarge(_, let bytes, let limit):
            return [ManifestIssue(path: "$", message: "the file is \(ByteSize.text(bytes)); a manifest may have at most \(ByteSize.text(limit))")]
        case .notJSON(_, let reason): return [ManifestIssue(path: "$", message: "not JSON: \(reason)")]
        }
    }

    /// One line per problem, each starting with the file name.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot read the manifest: \(reason)"
        case .tooLarge(let file, let bytes, let limit):
            return "\(file): the manifest is \(ByteSize.text(bytes)), more than the \(ByteSize.text(limit)) allowed"
        case .notJSON(let file, let reason): return "\(file): the manifest is not valid JSON: \(reason)"
        case .invalid(let file, let issues):
            return issues.map { "\(file): \($0.path): \($0.message)" }.joined(separator: "\n")
        }
    }
}

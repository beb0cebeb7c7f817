import Foundation

/// Reads `clipkit.json` and checks it completely before anything uses it.
///
/// ```swift
/// let manifest = try ManifestLoader().load(contentsOf: URL(fileURLWithPath: "clipkit.json"))
/// ```
public struct ManifestLoader: Sendable {
    /// The largest manifest accepted, in bytes.
    public static let maximumBytes = 256 * 1024

    /// The parameter kinds that routes may name.
    public var parameterKinds: ParameterKindRegistry

    /// Creates a loader that accepts the given parameter kinds in routes.
    public init(parameterKinds: ParameterKindRegistry = .standard) {
        self.parameterKinds = parameterKinds
    }

    /// Reads and checks the manifest at `url`.
    ///
    /// - Throws: ``ManifestError`` with every problem found and its JSON path.
    public func load(contentsOf url: URL) throws(ManifestError) -> ClipManifest {
        let name = url.isFileURL ? url.path : url.absoluteString
        let data: Data
        do {
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes?[.size] as? Int, size > Self.maximumBytes {
                throw ManifestError.tooLarge(file: name, bytes: size, limit: Self.maximumBytes)
            }
            data = try Data(contentsOf: url)
        } catch let error as ManifestError {
            throw error
        } catch {
            throw .unreadable(file: name, reason: ManifestLoader.describe(error))
        }
        return try load(data: data, source: name)
    }

    /// Checks manifest JSON held in memory.
    ///
    /// - Parameter source: The name used in errors, such as the file name.
    /// - Throws: ``ManifestError`` with every problem found and its JSON path.
    public func load(data: Data, source: String = "clipkit.json") throws(ManifestError) -> ClipManifest {
        if data.count > Self.maximumBytes {
            throw .tooLarge(file: source, bytes: data.count, limit: Self.maximumBytes)
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: data)
        } catch {
            throw .notJSON(file: source, reason: ManifestLoader.describe(error))
        }
        let issues = ManifestValidator(parameterKinds: parameterKinds).issues(in: document)
        if !issues.isEmpty { throw .invalid(file: source, issues: issues) }
        do {
            return try JSONDecoder().decode(ClipManifest.self, from: data)
        } catch {
            // The validator accepted the document, so this is a mismatch between validator and model.
            throw .invalid(file: source, issues: [ManifestIssue(path: "$", message: ManifestLoader.describe(error))])
        }
    }

    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context):
                let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return underlying ?? context.debugDescription
            case .keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
            case .typeMismatch(_, let context), .valueNotFound(_, let context): return context.debugDescription
            @unknown default: return String(describing: decoding)
            }
        }
        return (error as NSError).localizedDescription
    }
}

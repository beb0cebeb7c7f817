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
        do throws(InputFile.Failure) {
            data = try InputFile.read(path: url.path, limit: Self.maximumBytes)
        } catch {
            if case .tooLarge(let bytes, let limit) = error {
                throw .tooLarge(file: name, bytes: Int(clamping: bytes), limit: limit)
            }
            throw .unreadable(file: name, reason: error.reason)
        }
        return try load(data: data, source: name)
    }

    /// Checks manifest JSON held in memory.
    ///
    /// - Parameters:
    ///   - data: The manifest's JSON text.
    ///   - source: The name used in errors, such as the file name.
    /// - Throws: ``ManifestError`` with every problem found and its JSON path.
    public func load(data: Data, source: String = "clipkit.json") throws(ManifestError) -> ClipManifest {
        if data.count > Self.maximumBytes {
            throw .tooLarge(file: source, bytes: data.count, limit: Self.maximumBytes)
        }
        let document: StrictJSONDocument
        do {
            document = try Self.parser.parseDocument(data)
        } catch {
            throw .notJSON(file: source, reason: error.description)
        }
        let value = document.value.jsonValue
        var issues = document.duplicateKeyPaths.map { path in
            ManifestIssue(path: ManifestIssue.path(path), message: "this member appears more than once in its object; keep one")
        }
        let checked = ManifestValidator(parameterKinds: parameterKinds).check(value)
        issues += checked.issues
        if !issues.isEmpty { throw .invalid(file: source, issues: issues) }
        return checked.manifest
    }

    /// Reads manifest JSON: numbers a `Double` holds, nesting as deep as JSON Schema tools accept,
    /// and every duplicate member kept for the validator to report.
    private static let parser = StrictJSONParser(
        maximumBytes: maximumBytes, maximumDepth: 64, maximumNumberLength: .max,
        rejectsNumbersBeyondDouble: true, duplicateKeys: .keepLastAndReport
    )
}

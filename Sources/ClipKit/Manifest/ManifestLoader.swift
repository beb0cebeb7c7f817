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
        try check(contentsOf: url, recordingLocations: false).outcome.get()
    }

    /// Checks manifest JSON held in memory.
    ///
    /// - Parameter source: The name used in errors, such as the file name.
    /// - Throws: ``ManifestError`` with every problem found and its JSON path.
    public func load(data: Data, source: String = "clipkit.json") throws(ManifestError) -> ClipManifest {
        try check(data: data, source: source, recordingLocations: false).outcome.get()
    }

    /// Reads and checks the manifest at `url` as ``load(contentsOf:)`` does, keeping what a build
    /// tool needs to name the line of each problem.
    package func check(contentsOf url: URL, recordingLocations: Bool = true) -> ManifestCheck {
        let name = url.isFileURL ? url.path : url.absoluteString
        let data: Data
        do throws(InputFile.Failure) {
            data = try InputFile.read(path: url.path, limit: Self.maximumBytes)
        } catch {
            let failure: ManifestError
            if case .tooLarge(let bytes, let limit) = error {
                failure = .tooLarge(file: name, bytes: Int(clamping: bytes), limit: limit)
            } else {
                failure = .unreadable(file: name, reason: error.reason)
            }
            return ManifestCheck(outcome: .failure(failure), syntaxError: nil, bytes: Data(), valueLocations: [])
        }
        return check(data: data, source: name, recordingLocations: recordingLocations)
    }

    /// Checks manifest JSON as ``load(data:source:)`` does, keeping what a build tool needs to name
    /// the line of each problem.
    package func check(data: Data, source: String, recordingLocations: Bool = true) -> ManifestCheck {
        if data.count > Self.maximumBytes {
            let failure = ManifestError.tooLarge(file: source, bytes: data.count, limit: Self.maximumBytes)
            return ManifestCheck(outcome: .failure(failure), syntaxError: nil, bytes: Data(), valueLocations: [])
        }
        var parser = Self.parser
        parser.recordsValueLocations = recordingLocations
        let document: StrictJSONDocument
        do {
            document = try parser.parseDocument(data)
        } catch {
            let failure = ManifestError.notJSON(file: source, reason: error.description)
            return ManifestCheck(outcome: .failure(failure), syntaxError: error, bytes: Data(), valueLocations: [])
        }
        let value = document.value
        var issues = document.duplicateKeyPaths.map { path in
            ManifestIssue(path: JSONPath.string(of: path), message: "this member appears more than once in its object; keep one")
        }
        let checked = ManifestValidator(parameterKinds: parameterKinds).check(value)
        issues += checked.issues
        let outcome: Result<ClipManifest, ManifestError> = issues.isEmpty ? .success(checked.manifest) : .failure(.invalid(file: source, issues: issues))
        return ManifestCheck(outcome: outcome, syntaxError: nil, bytes: recordingLocations ? data : Data(), valueLocations: document.valueLocations)
    }

    /// Reads manifest JSON: numbers a `Double` holds, nesting as deep as JSON Schema tools accept,
    /// and every duplicate member kept for the validator to report.
    private static let parser = StrictJSONParser(
        maximumBytes: maximumBytes, maximumDepth: 64, maximumNumberLength: .max,
        rejectsNumbersBeyondDouble: true, duplicateKeys: .keepLastAndReport
    )
}

@_spi(ClipKitTooling) import ClipKit
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
    public func load(contentsOf url: URL) throws -> ClipManifest {
        try checkedManifest(contentsOf: url)
    }

    /// ``load(contentsOf:)`` with its error typed, for this package.
    package func checkedManifest(contentsOf url: URL) throws(ManifestError) -> ClipManifest {
        var map: ManifestSourceMap?
        return try load(data: try Self.read(contentsOf: url), source: Self.name(of: url), recordingInto: &map)
    }

    /// Checks manifest JSON held in memory.
    ///
    /// - Parameters:
    ///   - data: The manifest's JSON text.
    ///   - source: The name used in errors, such as the file name.
    /// - Throws: ``ManifestError`` with every problem found and its JSON path.
    public func load(data: Data, source: String = "clipkit.json") throws -> ClipManifest {
        var map: ManifestSourceMap?
        return try load(data: data, source: source, recordingInto: &map)
    }

    /// The bytes of the manifest at `url`, read as ``load(contentsOf:)`` reads them.
    ///
    /// - Throws: ``ManifestError/unreadable(file:reason:)`` or ``ManifestError/tooLarge(file:bytes:limit:)``.
    package static func read(contentsOf url: URL) throws(ManifestError) -> Data {
        do throws(InputFile.Failure) {
            return try InputFile.read(path: url.path, limit: maximumBytes)
        } catch {
            if case .tooLarge(let bytes, let limit) = error {
                throw .tooLarge(file: name(of: url), bytes: Int(clamping: bytes), limit: limit)
            }
            throw .unreadable(file: name(of: url), reason: error.reason)
        }
    }

    /// How errors name the manifest at `url`.
    package static func name(of url: URL) -> String {
        url.isFileURL ? url.path : url.absoluteString
    }

    /// Checks manifest JSON as ``load(data:source:)`` does; when `map` is not `nil`, also records in
    /// it where each value starts and any syntax error, so the build plugin's generator can name the
    /// line of each problem by these same rules.
    package func load(data: Data, source: String, recordingInto map: inout ManifestSourceMap?) throws(ManifestError) -> ClipManifest {
        if data.count > Self.maximumBytes {
            throw .tooLarge(file: source, bytes: data.count, limit: Self.maximumBytes)
        }
        var parser = Self.parser
        parser.recordsValueLocations = map != nil
        let document: StrictJSONDocument
        do {
            document = try parser.parseDocument(data)
        } catch {
            map?.syntaxError = error
            throw .notJSON(file: source, reason: error.description)
        }
        map?.valueLocations = document.valueLocations
        let value = document.value
        var issues = document.duplicateKeyPaths.map { path in
            ManifestIssue(path: JSONPath.string(of: path), message: "this member appears more than once in its object; keep one")
        }
        let checked = ManifestValidator(parameterKinds: parameterKinds).check(value)
        issues += checked.issues
        map?.warnings = checked.warnings
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

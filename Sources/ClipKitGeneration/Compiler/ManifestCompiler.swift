@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import Foundation

/// Checks `clipkit.json` by the run-time loader's rules and compiles it into Swift: a route enum
/// with typed parameters, the routes' typed identifiers, a Swift type per handoff payload type, a
/// router over a route table compiled ahead of time, and the manifest's constants and value.
///
/// The build plugin runs it on every build through a small executable; `clipkit generate swift`
/// runs it by hand.
///
/// ```swift
/// let source = try ManifestCompiler().compile(manifestAt: URL(fileURLWithPath: "clipkit.json"))
/// ```
public struct ManifestCompiler: Sendable {
    /// How the Swift is written and which kinds of the app's own the manifest may use.
    public var configuration: GenerationConfiguration

    /// Creates a compiler.
    public init(configuration: GenerationConfiguration = GenerationConfiguration()) {
        self.configuration = configuration
    }

    /// The parameter kinds a manifest may use at build time: ClipKit's standard kinds, the kinds of
    /// the package's other modules and the app's own from ``configuration``. Only their names are
    /// checked here; the router built at run time runs each kind's check.
    public var parameterKinds: ParameterKindRegistry {
        var registry = ParameterKindRegistry.standard
        let names = ModuleParameterKind.known.map(\.name) + configuration.parameterKinds
        for name in names where registry.kind(named: name) == nil {
            registry.register(ParameterKind(name: name, summary: "checked by the router at run time") { .accepted($0) })
        }
        return registry
    }

    /// Checks the manifest at `url` and returns the Swift source it compiles into.
    ///
    /// - Throws: ``GenerationFailure`` with every problem, each naming the file, the line where
    ///   known and the JSON path, as the run-time loader reports them.
    public func compile(manifestAt url: URL) throws -> String {
        try compilation(ofManifestAt: url).source
    }

    /// Checks the manifest at `url` and returns the Swift source it compiles into with the warnings
    /// found on the way: each handoff type left without a Swift type, at its member's JSON path.
    ///
    /// - Throws: ``GenerationFailure``, as ``compile(manifestAt:)``.
    public func compilation(ofManifestAt url: URL) throws -> ManifestCompilation {
        let data: Data
        do {
            data = try ManifestLoader.read(contentsOf: url)
        } catch {
            throw GenerationFailure(diagnostics: diagnostics(for: error, map: nil, locator: JSONLocator(bytes: Data(), locations: []), file: url.path))
        }
        return try compilation(data: data, file: ManifestLoader.name(of: url), manifestName: url.lastPathComponent)
    }

    /// Checks manifest JSON held in memory and returns the Swift source it compiles into.
    ///
    /// - Parameters:
    ///   - data: The manifest's bytes.
    ///   - source: The file name that the diagnostics and the generated header give.
    /// - Throws: ``GenerationFailure``, as ``compile(manifestAt:)``.
    public func compile(data: Data, source: String = "clipkit.json") throws -> String {
        try compilation(of: data, source: source).source
    }

    /// Checks manifest JSON held in memory and returns the Swift source with the warnings, as
    /// ``compilation(ofManifestAt:)``.
    ///
    /// - Throws: ``GenerationFailure``, as ``compile(manifestAt:)``.
    public func compilation(of data: Data, source: String = "clipkit.json") throws -> ManifestCompilation {
        try compilation(data: data, file: source, manifestName: URL(fileURLWithPath: source).lastPathComponent)
    }

    private func compilation(data: Data, file: String, manifestName: String) throws(GenerationFailure) -> ManifestCompilation {
        var map: ManifestSourceMap? = ManifestSourceMap()
        let manifest: ClipManifest
        do {
            manifest = try ManifestLoader(parameterKinds: parameterKinds).load(data: data, source: file, recordingInto: &map)
        } catch {
            let locator = JSONLocator(bytes: data, locations: map?.valueLocations ?? [])
            throw GenerationFailure(diagnostics: diagnostics(for: error, map: map, locator: locator, file: file))
        }
        let locator = JSONLocator(bytes: data, locations: map?.valueLocations ?? [])
        var routes: [SourceGenerator.Route] = []
        var diagnostics: [ManifestDiagnostic] = []
        for (index, definition) in manifest.routes.enumerated() {
            let path = "$.routes[\(index)]"
            if SwiftIdentifier.unusableCaseNames.contains(definition.name) {
                diagnostics.append(diagnostic(
                    at: path + ".name", locator: locator, file: file,
                    "'\(definition.name)' cannot name a case of the generated \(SourceGenerator.routeTypeName) enum; rename the route"
                ))
            }
            var patterns: [RoutePattern] = []
            for source in definition.patterns {
                do {
                    patterns.append(try RoutePattern(checking: source))
                } catch {
                    diagnostics.append(diagnostic(at: path, locator: locator, file: file, error.description))
                }
            }
            routes.append(SourceGenerator.Route(definition: definition, patterns: patterns))
        }
        let payloads = SourceGenerator.payloadTypes(of: manifest, configuration: configuration)
        for problem in payloads.problems {
            diagnostics.append(diagnostic(at: problem.path, locator: locator, file: file, problem.message))
        }
        if !diagnostics.isEmpty { throw GenerationFailure(diagnostics: diagnostics) }
        let source = SourceGenerator(
            manifest: manifest, routes: routes, payloadTypes: payloads.types, configuration: configuration, manifestName: manifestName
        ).source()
        // What the checks allow but the author likely does not mean (a route that can match the
        // AASA file's path), then each handoff type left without a Swift type.
        let warnings = ((map?.warnings ?? []).map { (path: $0.path, message: $0.message) } + payloads.warnings).map { warning in
            let position = locator.position(ofPath: warning.path)
            return ManifestDiagnostic(
                file: file, line: position?.line, column: position?.column, path: warning.path, message: warning.message, severity: .warning
            )
        }
        return ManifestCompilation(source: source, warnings: warnings)
    }

    /// The diagnostics for what the loader's checks found.
    private func diagnostics(for error: ManifestError, map: ManifestSourceMap?, locator: JSONLocator, file: String) -> [ManifestDiagnostic] {
        switch error {
        case .unreadable(_, let reason):
            return [ManifestDiagnostic(file: file, message: "cannot read the manifest: \(reason)")]
        case .tooLarge(_, let bytes, let limit):
            return [ManifestDiagnostic(file: file, message: "the manifest is \(ByteSize.text(bytes)), more than the \(ByteSize.text(limit)) allowed")]
        case .notJSON(_, let reason):
            guard let syntax = map?.syntaxError else {
                return [ManifestDiagnostic(file: file, message: "the manifest is not valid JSON: \(reason)")]
            }
            return [ManifestDiagnostic(file: file, line: syntax.line, column: syntax.column, message: "the manifest is not valid JSON: \(syntax.detail)")]
        case .invalid(_, let issues):
            var found = issues.map { diagnostic(at: $0.path, locator: locator, file: file, $0.message) }
            if issues.contains(where: { $0.message.hasPrefix("unknown parameter kind") }) {
                found.append(ManifestDiagnostic(
                    file: file,
                    message: "a kind the app registers itself at run time is accepted here when \(GenerationConfiguration.fileName) beside the manifest lists it: {\"parameterKinds\": [\"ticket\"]}",
                    severity: .note
                ))
            }
            return found
        }
    }

    private func diagnostic(at path: String, locator: JSONLocator, file: String, _ message: String) -> ManifestDiagnostic {
        let position = locator.position(ofPath: path)
        return ManifestDiagnostic(file: file, line: position?.line, column: position?.column, path: path, message: message)
    }
}

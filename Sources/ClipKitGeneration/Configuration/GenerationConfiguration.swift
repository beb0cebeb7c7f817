@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import Foundation

/// How the generator writes Swift for a target: the access level of what it declares and the
/// parameter kinds the app registers at run time.
///
/// The build plugin reads it from `clipkit-plugin.json` beside the target's `clipkit.json`; without
/// that file the defaults apply. `clipkit generate swift --configuration FILE` reads the same file.
///
/// ```json
/// { "accessLevel": "public", "parameterKinds": ["ticket"], "payloadTypeNames": { "com.example.coffee.order": "CoffeeOrder" },
///   "appPayloadTypes": ["com.example.gift"] }
/// ```
public struct GenerationConfiguration: Sendable, Equatable {
    /// The access level of the generated types and their members.
    public enum AccessLevel: String, Sendable, CaseIterable {
        /// Visible in the target only: a clip or an app that generates its own copy.
        case `internal`
        /// Visible to the modules that import the target: a shared module that both the clip and
        /// the app import.
        case `public`
    }

    /// The name of the configuration file the build plugin looks for beside `clipkit.json`.
    @_spi(ClipKitTooling) public static let fileName = "clipkit-plugin.json"
    /// The largest configuration file read, in bytes.
    @_spi(ClipKitTooling) public static let maximumBytes = 16 * 1024

    /// The access level of the generated declarations.
    public var accessLevel: AccessLevel
    /// Parameter kinds the app registers itself at run time, such as `ticket`. The generator cannot
    /// run their checks, so it accepts routes that name them; the router built at run time throws
    /// ``/ClipKit/RouterConfigurationError/unknownParameterKind(route:parameter:kind:)`` if the
    /// registry it is given lacks one.
    public var parameterKinds: [String]
    /// The Swift name of a handoff type's generated payload type, by type name, where the derived
    /// one (`EventHandoff` for `com.acme.event`) does not suit.
    public var payloadTypeNames: [String: String]
    /// Handoff types whose Swift type the app declares itself: the generator writes none for them
    /// and, unlike for a type it cannot write, does not warn.
    public var appPayloadTypes: [String]

    /// Creates a configuration; the defaults declare `internal` types, no kinds of the app's own,
    /// derived payload type names and a Swift type for every handoff type.
    public init(
        accessLevel: AccessLevel = .internal, parameterKinds: [String] = [], payloadTypeNames: [String: String] = [:], appPayloadTypes: [String] = []
    ) {
        self.accessLevel = accessLevel
        self.parameterKinds = parameterKinds
        self.payloadTypeNames = payloadTypeNames
        self.appPayloadTypes = appPayloadTypes
    }

    /// Reads a configuration file.
    ///
    /// - Throws: ``GenerationFailure`` naming every problem with its line and JSON path.
    @_spi(ClipKitTooling) public static func load(contentsOf url: URL) throws(GenerationFailure) -> GenerationConfiguration {
        let file = url.path
        let data: Data
        do throws(InputFile.Failure) {
            data = try InputFile.read(path: file, limit: maximumBytes)
        } catch {
            throw GenerationFailure(ManifestDiagnostic(file: file, message: "cannot read the plugin configuration: \(error.reason)"))
        }
        var parser = StrictJSONParser(maximumBytes: maximumBytes, maximumDepth: 8)
        parser.recordsValueLocations = true
        let document: StrictJSONDocument
        do {
            document = try parser.parseDocument(data)
        } catch {
            throw GenerationFailure(ManifestDiagnostic(
                file: file, line: error.line, column: error.column, message: "the plugin configuration is not valid JSON: \(error.detail)"
            ))
        }
        var reader = ConfigurationReader(file: file, locator: JSONLocator(bytes: data, locations: document.valueLocations))
        let configuration = reader.read(document.value)
        if !reader.diagnostics.isEmpty { throw GenerationFailure(diagnostics: reader.diagnostics) }
        return configuration
    }
}

/// Reads a configuration document, collecting every problem with its position.
private struct ConfigurationReader {
    let file: String
    let locator: JSONLocator
    var diagnostics: [ManifestDiagnostic] = []

    mutating func report(_ path: String, _ message: String) {
        let position = locator.position(ofPath: path)
        diagnostics.append(ManifestDiagnostic(file: file, line: position?.line, column: position?.column, path: path, message: message))
    }

    mutating func read(_ document: JSONValue) -> GenerationConfiguration {
        var configuration = GenerationConfiguration()
        guard let members = document.objectValue else {
            report("$", "expected an object such as {\"parameterKinds\": [\"ticket\"]}, found \(document.typeDescription)")
            return configuration
        }
        let known = ["accessLevel", "parameterKinds", "payloadTypeNames", "appPayloadTypes"]
        for key in members.keys.sorted() where !known.contains(key) {
            report("$." + key, "unknown key '\(key.prefix(64))'; expected one of: \(known.joined(separator: ", "))")
        }
        if let level = members["accessLevel"] {
            let names = GenerationConfiguration.AccessLevel.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            if let text = level.stringValue, let parsed = GenerationConfiguration.AccessLevel(rawValue: text) {
                configuration.accessLevel = parsed
            } else {
                report("$.accessLevel", "expected \(names), found \(level.stringValue.map { "'\($0.prefix(64))'" } ?? level.typeDescription)")
            }
        }
        if let names = members["payloadTypeNames"] {
            if let entries = names.objectValue {
                for typeName in entries.keys.sorted() {
                    let path = JSONPath.member(typeName, of: "$.payloadTypeNames")
                    guard let swiftName = entries[typeName]?.stringValue, RoutePattern.isIdentifier(swiftName),
                          !SwiftIdentifier.keywords.contains(swiftName) else {
                        report(path, "expected a Swift type name for '\(typeName.prefix(64))', like \"EventHandoff\"")
                        continue
                    }
                    configuration.payloadTypeNames[typeName] = swiftName
                }
            } else {
                report("$.payloadTypeNames", "expected an object of handoff type names and Swift type names, found \(names.typeDescription)")
            }
        }
        if let appTypes = members["appPayloadTypes"] {
            if let elements = appTypes.arrayValue {
                for (index, element) in elements.enumerated() {
                    guard let name = element.stringValue, !name.isEmpty else {
                        report("$.appPayloadTypes[\(index)]", "expected a handoff type name, found \(element.typeDescription)")
                        continue
                    }
                    configuration.appPayloadTypes.append(name)
                }
            } else {
                report("$.appPayloadTypes", "expected an array of handoff type names, found \(appTypes.typeDescription)")
            }
        }
        if let kinds = members["parameterKinds"] {
            guard let elements = kinds.arrayValue else {
                report("$.parameterKinds", "expected an array of kind names, found \(kinds.typeDescription)")
                return configuration
            }
            for (index, element) in elements.enumerated() {
                let path = "$.parameterKinds[\(index)]"
                guard let name = element.stringValue else {
                    report(path, "expected a kind name, found \(element.typeDescription)")
                    continue
                }
                if !RoutePattern.isIdentifier(name) {
                    report(path, "'\(name.prefix(64))' is not a kind name: expected a letter, then up to 63 letters, digits or '_'")
                } else if configuration.parameterKinds.contains(name) {
                    report(path, "'\(name)' is listed twice")
                } else {
                    configuration.parameterKinds.append(name)
                }
            }
        }
        return configuration
    }
}

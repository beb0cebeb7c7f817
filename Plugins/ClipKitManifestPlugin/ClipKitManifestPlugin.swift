import Foundation
import PackagePlugin

/// Checks the target's `clipkit.json` on every build and compiles it into Swift.
///
/// Adopt it in one line, on the clip's (or the app's) target:
///
/// ```swift
/// .target(name: "Clip", dependencies: [...], plugins: [.plugin(name: "ClipKitManifestPlugin", package: "ClipKit")])
/// ```
///
/// The manifest is the file `clipkit.json` in the target's folder (a symbolic link to the project's
/// copy works). `clipkit-plugin.json` beside it, if present, configures the generated code. The
/// generator, `clipkit-generate-swift`, depends on ClipKit alone; each problem it finds is a build
/// error on the manifest's line, naming the JSON path, and each warning (a route that can match
/// the AASA file's path, a handoff type left without a Swift type) a build warning there, saying why.
@main
struct ClipKitManifestPlugin: BuildToolPlugin {
    /// The manifest's file name.
    static let manifestName = "clipkit.json"
    /// The configuration's file name.
    static let configurationName = "clipkit-plugin.json"
    /// The generated file's name.
    static let outputName = "ClipKitGenerated.swift"

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let folder = module.directoryURL
        let manifest = folder.appendingPathComponent(Self.manifestName)
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            throw PluginFailure(
                "\(target.name) uses ClipKitManifestPlugin but its folder \(folder.path) has no \(Self.manifestName): "
                    + "put the manifest there (a symbolic link to the project's copy works), or remove the plugin from the target"
            )
        }
        let configuration = folder.appendingPathComponent(Self.configurationName)
        return [
            Self.command(
                generator: try context.tool(named: "clipkit-generate-swift").url, manifest: manifest,
                configuration: FileManager.default.fileExists(atPath: configuration.path) ? configuration : nil,
                workDirectory: context.pluginWorkDirectoryURL
            ),
        ]
    }

    /// The build command that runs the generator on `manifest` into the plugin's work folder.
    ///
    /// The generator itself is an input, so a newer generator regenerates the code.
    static func command(generator: URL, manifest: URL, configuration: URL?, workDirectory: URL) -> Command {
        let output = workDirectory.appendingPathComponent(outputName)
        var arguments = ["--manifest", manifest.path, "--output", output.path]
        var inputs = [manifest, generator]
        if let configuration {
            arguments += ["--configuration", configuration.path]
            inputs.append(configuration)
        }
        return .buildCommand(
            displayName: "Checking \(manifest.lastPathComponent) and compiling it into Swift",
            executable: generator, arguments: arguments, inputFiles: inputs, outputFiles: [output]
        )
    }
}

/// Why the plugin could not set up the build, in words that say what to do.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

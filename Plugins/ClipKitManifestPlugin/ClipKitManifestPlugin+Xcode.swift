#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension ClipKitManifestPlugin: XcodeBuildToolPlugin {
    /// The same command for a target of an Xcode project: the manifest is the `clipkit.json` among
    /// the target's files (it need not be a bundle resource), the configuration the
    /// `clipkit-plugin.json` among them, if any.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        guard let manifest = files.first(where: { $0.lastPathComponent == Self.manifestName }) else {
            throw PluginFailure(
                "\(target.displayName) uses ClipKitManifestPlugin but has no \(Self.manifestName) among its files: "
                    + "add the manifest to the target, or remove the plugin from its Run Build Tool Plug-ins phase"
            )
        }
        return [
            Self.command(
                generator: try context.tool(named: "clipkit-generate-swift").url, manifest: manifest,
                configuration: files.first { $0.lastPathComponent == Self.configurationName },
                workDirectory: context.pluginWorkDirectoryURL
            ),
        ]
    }
}
#endif

// Declarations only: the part of Xcode's XcodeProjectPlugin module that ClipKitManifestPlugin's
// Xcode entry point uses, so ClipKitGenerationTests can type-check it on Linux against the real
// PackagePlugin module. Nothing here runs.
import Foundation
import PackagePlugin

/// An Xcode project a plugin is applied in.
public struct XcodeProject {
    /// The project's name.
    public var displayName: String { fatalError() }
    /// The folder that holds the project.
    public var directoryURL: URL { fatalError() }
    /// The project's targets.
    public var targets: [XcodeTarget] { fatalError() }
}

/// A target of an Xcode project.
public struct XcodeTarget {
    /// The target's name.
    public var displayName: String { fatalError() }
    /// The files of the target's build phases.
    public var inputFiles: FileList { fatalError() }
}

/// What Xcode gives a build-tool plugin.
public struct XcodePluginContext {
    /// The project.
    public var xcodeProject: XcodeProject { fatalError() }
    /// The folder the plugin's commands may write into.
    public var pluginWorkDirectoryURL: URL { fatalError() }
    /// The tool named `name`, from the plugin's dependencies.
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError() }
}

/// A build-tool plugin's entry point for targets of Xcode projects.
public protocol XcodeBuildToolPlugin {
    /// The commands to run when building `target`.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

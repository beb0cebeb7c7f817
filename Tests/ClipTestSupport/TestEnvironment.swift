import Foundation

/// Where the test suite finds the repository, the built `clipkit` and the real tools it drives.
///
/// Real peers (Nostr relays, nostr-sdk, nginx) come from the Python virtual environment and the
/// Debian packages that `scripts/test` installs. A missing tool is a test failure with a message
/// that says how to install it, never a silent skip.
public enum TestEnvironment {
    /// The repository root: the nearest folder above this file that holds `Package.swift`.
    ///
    /// The tooling package compiles this file through a symbolic link
    /// (`Tooling/Tests/ClipTestSupport/Shared`), where the nearest such folder would be `Tooling/`;
    /// so the search starts from the file's real place.
    public static let repositoryRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// A file in the repository, by its path from the root.
    public static func file(_ relativePath: String) -> URL {
        repositoryRoot.appendingPathComponent(relativePath)
    }

    /// The Python virtual environment with the PyPI tools: `$CLIPKIT_VENV`, or `.venv` at the root.
    public static var virtualEnvironment: URL {
        if let custom = ProcessInfo.processInfo.environment["CLIPKIT_VENV"], !custom.isEmpty {
            return URL(fileURLWithPath: custom)
        }
        return repositoryRoot.appendingPathComponent(".venv")
    }

    /// A program from the virtual environment's `bin` folder.
    public static func virtualEnvironmentTool(_ name: String) throws -> URL {
        let url = virtualEnvironment.appendingPathComponent("bin").appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw MissingTool(name: name, hint: "run scripts/test (or scripts/setup) to create \(virtualEnvironment.path)")
        }
        return url
    }

    /// The virtual environment's Python interpreter.
    public static func python() throws -> URL {
        try virtualEnvironmentTool("python")
    }

    /// A program on `PATH` (or in `/usr/sbin`, `/sbin` for daemons such as nginx).
    public static func systemTool(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw MissingTool(name: name, hint: "run scripts/setup, which installs it from Debian's packages")
    }

    /// The `clipkit` executable that the tooling package (`Tooling/`) built: `$CLIPKIT_EXECUTABLE`,
    /// the one beside the running tests, or the tooling package's debug build.
    public static func clipkitExecutable() throws -> URL {
        var candidates: [URL] = []
        if let custom = ProcessInfo.processInfo.environment["CLIPKIT_EXECUTABLE"], !custom.isEmpty {
            candidates.append(URL(fileURLWithPath: custom))
        }
        candidates += executableCandidates(named: "clipkit")
        candidates.append(repositoryRoot.appendingPathComponent("Tooling/.build/debug/clipkit"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw MissingTool(name: "clipkit", hint: "build it first with 'swift build --package-path Tooling'")
    }

    /// An executable that `swift build` built beside the running tests, such as a test helper
    /// program of the same package.
    public static func builtExecutable(named name: String) throws -> URL {
        for candidate in executableCandidates(named: name) where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw MissingTool(name: name, hint: "build it first with 'swift build --build-tests' in its package")
    }

    /// Where a program built with the tests may be: beside the test bundle or the test runner.
    private static func executableCandidates(named name: String) -> [URL] {
        var candidates: [URL] = []
        let bundleFolder = Bundle.main.bundleURL
        candidates.append(bundleFolder.appendingPathComponent(name))
        candidates.append(bundleFolder.deletingLastPathComponent().appendingPathComponent(name))
        for argument in CommandLine.arguments.prefix(1) {
            let folder = URL(fileURLWithPath: argument).deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent(name))
            candidates.append(folder.deletingLastPathComponent().appendingPathComponent(name))
        }
        return candidates
    }
}

/// A tool the tests need is not installed.
public struct MissingTool: Error, CustomStringConvertible {
    /// The tool's name.
    public let name: String
    /// How to install it.
    public let hint: String

    /// `name` is missing, and how to fix it.
    public var description: String { "\(name) is not installed: \(hint)" }
}

import ClipKitCLI
import ClipTestSupport
import Foundation
import Testing

/// The README's first screen, its first 40 lines, is what a new team reads before anything else: what
/// ClipKit is, the `.package` line to depend on the release the tool reports, and the commands that
/// run the main job, the tests and the install. The test command is the one CI runs.
@Suite struct ReadmeFirstScreenTests {
    static let firstScreen = 40

    static func readmeLines() throws -> [String] {
        try String(contentsOf: TestEnvironment.file("README.md"), encoding: .utf8).components(separatedBy: "\n")
    }

    /// The lines of the fenced blocks of `language` among `lines`.
    static func blockLines(_ lines: [String], language: String) -> [String] {
        var inside = false
        var found: [String] = []
        for line in lines {
            if line.hasPrefix("```") {
                inside = !inside && line == "```" + language
                continue
            }
            if inside { found.append(line) }
        }
        return found
    }

    @Test func thePackageLineNamesTheReleaseTheToolReportsAndTheChangelogRecords() throws {
        let screen = Array(try Self.readmeLines().prefix(Self.firstScreen))
        let swift = Self.blockLines(screen, language: "swift")
        let release = ClipKitVersion.release
        let urlLine = try #require(swift.first { $0.contains(".package(url:") }, "no .package(url:from:) in the README's first \(Self.firstScreen) lines")
        #expect(urlLine.contains("from: \"\(release)\")"), "\(urlLine) does not depend on \(release), the release `clipkit --version` names")
        #expect(urlLine.contains("/ClipKit\""), "the URL's last component names the package ClipKit, which `package: \"ClipKit\"` refers to: \(urlLine)")
        // Until the repository is public, a clone by path: the README says so next to the line.
        #expect(swift.contains { $0.contains(".package(path:") })
        #expect(screen.joined(separator: " ").contains("not public yet"))

        // The products the comment names are the root package's, and the package is named ClipKit.
        let manifest = try String(contentsOf: TestEnvironment.file("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"ClipKit\","))
        for product in swift.joined(separator: "\n").matches(of: /\.product\(name: "([A-Za-z]+)", package: "ClipKit"\)/).map({ String($0.1) }) {
            #expect(manifest.contains(".library(name: \"\(product)\""), "the README names \(product), which the package does not offer")
        }

        let changelog = try String(contentsOf: TestEnvironment.file("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("\n## [\(release)]"), "CHANGELOG.md has no entry for \(release)")
        #expect(changelog.contains("\n## [Unreleased]"), "CHANGELOG.md keeps Unreleased for what comes after \(release)")
    }

    @Test func theFirstScreenHoldsTheMainJobTheTestsAndTheInstallAndCIRunsThatTestCommand() throws {
        let screen = Array(try Self.readmeLines().prefix(Self.firstScreen))
        let commands = Self.blockLines(screen, language: "sh").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.contains("scripts/demo"), "\(commands)")
        #expect(commands.contains("scripts/test"), "\(commands)")
        #expect(commands.contains("scripts/install"), "\(commands)")
        for script in ["scripts/demo", "scripts/test", "scripts/install"] {
            #expect(FileManager.default.isExecutableFile(atPath: TestEnvironment.file(script).path), "\(script) is not an executable file")
        }
        let ci = try String(contentsOf: TestEnvironment.file(".ci/run"), encoding: .utf8)
        #expect(ci.components(separatedBy: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("scripts/test") },
                ".ci/run does not run the README's test command")
    }
}

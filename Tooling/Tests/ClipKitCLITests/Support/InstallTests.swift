import ClipTestSupport
import Foundation
import Testing

/// What `scripts/install` puts in place: `clipkit --version` naming the build's commit, and the
/// shell completions ArgumentParser writes, loaded by a real bash.
@Suite struct InstallTests {
    @Test func versionNamesTheReleaseAndTheCommitOrSaysItIsUnknown() async throws {
        let result = try await ChildProcess.clipkit(["--version"])
        #expect(result.status == 0)
        let line = result.standardOutput.trimmingCharacters(in: .newlines)
        // The tests' build gets no CLIPKIT_BUILD_COMMIT unless the environment had one.
        let expected = ProcessInfo.processInfo.environment["CLIPKIT_BUILD_COMMIT"].map { "0.1.0 (commit \($0))" } ?? "0.1.0 (unknown commit)"
        #expect(line == expected, "\(result.standardOutput)")
    }

    @Test func theBashCompletionLoadsAndCompletesCommandsAndOptions() async throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-completion")
        let script = try await ChildProcess.clipkit(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        try Data(script.standardOutput.utf8).write(to: folder.file("clipkit.bash"))
        let bash = try TestEnvironment.systemTool("bash")
        func complete(_ words: [String]) async throws -> [String] {
            let line = words.joined(separator: " ")
            let program = """
                source "$1" || exit 3
                complete -p clipkit >/dev/null || exit 4
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
                COMP_CWORD=\(words.count - 1)
                COMP_LINE='\(line)'
                COMP_POINT=${#COMP_LINE}
                _clipkit clipkit '\(words.last ?? "")' '\(words.dropLast().last ?? "")'
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try await ChildProcess.run(bash, arguments: ["-c", program, "bash", folder.file("clipkit.bash").path])
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").map(String.init)
        }
        #expect(try await complete(["clipkit", "se"]) == ["serve"])
        #expect(try await complete(["clipkit", "serve", "--trusted"]) == ["--trusted-proxy"])
        #expect(try await complete(["clipkit", "manifest", "val"]) == ["validate"])
    }

    @Test(arguments: [("zsh", "#compdef clipkit"), ("fish", "function __clipkit_")])
    func theOtherShellsGetTheirScripts(_ shell: String, _ marker: String) async throws {
        let script = try await ChildProcess.clipkit(["--generate-completion-script", shell])
        #expect(script.status == 0)
        #expect(script.standardOutput.contains(marker))
        #expect(script.standardOutput.contains("trusted-proxy"))
    }

    /// `scripts/build-commit`, which gives `scripts/install` and SwiftPM's own install the commit, run
    /// in a clone the test makes: HEAD, "-dirty" after a change to a tracked file, and HEAD still when
    /// the clone belongs to another user (git refuses such a repository unless told to trust it, which
    /// made an install with sudo say "unknown commit").
    @Test func theBuildCommitIsTheClonesHeadMarkedDirtyAndReadInACloneOfAnotherUser() async throws {
        let git = try TestEnvironment.systemTool("git")
        let folder = try TemporaryDirectory(prefix: "clipkit-build-commit")
        let clone = folder.file("clone")
        try FileManager.default.createDirectory(at: clone.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        let script = clone.appendingPathComponent("scripts/build-commit")
        try FileManager.default.copyItem(at: TestEnvironment.file("scripts/build-commit"), to: script)
        try Data("one\n".utf8).write(to: clone.appendingPathComponent("tracked.txt"))
        func runGit(_ arguments: [String]) async throws -> String {
            let result = try await ChildProcess.run(
                git, arguments: ["-c", "safe.directory=*", "-C", clone.path] + arguments,
                environment: ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"]
            )
            #expect(result.status == 0, "git \(arguments): \(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try await runGit(["init", "-q"])
        _ = try await runGit(["add", "."])
        _ = try await runGit(["commit", "-q", "-m", "first"])
        let head = try await runGit(["rev-parse", "HEAD"])
        #expect(head.count == 40)

        let clean = try await ChildProcess.run(script, arguments: [])
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.standardOutput == head + "\n")

        try Data("two\n".utf8).write(to: clone.appendingPathComponent("tracked.txt"))
        let dirty = try await ChildProcess.run(script, arguments: [])
        #expect(dirty.standardOutput == head + "-dirty\n", "\(dirty.standardError)")

        // Another user's clone: only root can give the files away, so the case needs the test to run as root (CI does).
        if getuid() == 0 {
            let chown = try await ChildProcess.run(try TestEnvironment.systemTool("chown"), arguments: ["-R", "nobody", clone.path])
            #expect(chown.status == 0, "\(chown.standardError)")
            let refused = try await ChildProcess.run(git, arguments: ["-C", clone.path, "rev-parse", "HEAD"])
            #expect(refused.status != 0, "git read another user's clone without being told to trust it: the case this guards is gone")
            let owned = try await ChildProcess.run(script, arguments: [])
            #expect(owned.standardOutput == head + "-dirty\n", "\(owned.standardError)")
        }

        let outside = try TemporaryDirectory(prefix: "clipkit-build-commit-outside")
        try FileManager.default.createDirectory(at: outside.file("scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestEnvironment.file("scripts/build-commit"), to: outside.file("scripts/build-commit"))
        let none = try await ChildProcess.run(outside.file("scripts/build-commit"), arguments: [], environment: ["GIT_CEILING_DIRECTORIES": outside.url.deletingLastPathComponent().path])
        #expect(none.status == 1)
        #expect(none.standardOutput.isEmpty)
        #expect(none.standardError.contains("git cannot read the commit of"), "\(none.standardError)")
    }

    @Test(arguments: [
        (["--prefix"], "--prefix needs a folder"),
        (["--prefix="], "--prefix needs a folder"),
        (["--destination", "/tmp"], "unknown argument '--destination': the only option is --prefix P"),
    ])
    func theInstallScriptRefusesBadArgumentsBeforeBuilding(_ arguments: [String], _ message: String) async throws {
        let result = try await ChildProcess.run(TestEnvironment.file("scripts/install"), arguments: arguments, timeout: 30)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("swift build"))
    }
}

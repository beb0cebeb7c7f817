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

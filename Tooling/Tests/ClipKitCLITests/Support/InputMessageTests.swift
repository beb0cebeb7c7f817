import ClipTestSupport
import Foundation
import Testing

/// Bad input gets one line a person can act on: what is wrong, where, and what to do — sizes in
/// words, devices named as devices, system errors in words, never a raw error value.
@Suite struct InputMessageTests {
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-cli-input")
    }

    /// A sparse file of 1 GiB: its size is real, nothing is written.
    func hugeFile(_ name: String) throws -> String {
        let url = folder.file(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        return url.path
    }

    func expectOneLine(_ result: CommandResult, status: Int32 = 2, containing parts: [String]) {
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        for part in parts { #expect(result.standardError.contains(part), "missing '\(part)' in: \(result.standardError)") }
        for raw in ["NSCocoaErrorDomain", "Error Domain", "ParserError", "errno", "Missing value"] {
            #expect(!result.standardError.contains(raw), "a raw error reached the message: \(result.standardError)")
        }
    }

    @Test func aHugeAASAFileIsRefusedByItsSizeInWords() async throws {
        let path = try hugeFile("apple-app-site-association")
        let matched = try await ChildProcess.clipkit(["aasa", "match", path, "https://roadflare.app/share/d/x"])
        expectOneLine(matched, containing: [path, "the file is 1 GiB", "128 KiB"])

        let validated = try await ChildProcess.clipkit(["aasa", "validate", path, "--manifest", roadflare, "--json"])
        #expect(validated.status == 1)
        let errors = try #require(try validated.json()["errors"] as? [[String: Any]])
        #expect(errors.first?["code"] as? String == "aasa.file.tooLarge")
        #expect((errors.first?["message"] as? String)?.contains("the file is 1 GiB; the system ignores AASA files over 128 KiB") == true,
                "\(errors)")
    }

    @Test func aHugeEventFileIsRefusedByItsSizeInWords() async throws {
        let path = try hugeFile("event.json")
        let result = try await ChildProcess.clipkit(["event", "verify", path])
        expectOneLine(result, containing: [path, "the file is 1 GiB", "more than the 1 MiB accepted"])
    }

    @Test func aHugeManifestIsRefusedByItsSizeInWords() async throws {
        let path = try hugeFile("clipkit.json")
        let result = try await ChildProcess.clipkit(["route", "https://roadflare.app/", "--manifest", path])
        expectOneLine(result, containing: [path, "1 GiB", "256 KiB"])
    }

    @Test(arguments: [
        ["route", "https://roadflare.app/", "--manifest", "/dev/null"],
        ["event", "verify", "/dev/null"],
        ["aasa", "match", "/dev/null", "https://roadflare.app/"],
    ])
    func aDeviceIsNamedAsADevice(_ arguments: [String]) async throws {
        // /dev/null is only read here, never written.
        let result = try await ChildProcess.clipkit(arguments)
        expectOneLine(result, containing: ["/dev/null", "not a regular file", "character device"])
    }

    @Test func aFolderIsNamedAsAFolder() async throws {
        let result = try await ChildProcess.clipkit(["event", "verify", folder.url.path])
        expectOneLine(result, containing: [folder.url.path, "a folder"])
    }

    @Test func anOutputFolderUnderAFileSaysSoInWords() async throws {
        let file = folder.file("plain")
        try Data("x".utf8).write(to: file)
        let out = file.appendingPathComponent("entitlements").path
        let result = try await ChildProcess.clipkit(["generate", "entitlements", "--manifest", roadflare, "--out", out])
        expectOneLine(result, containing: [out, "cannot write the files: \(file.path) is a regular file, not a folder"])
    }

    @Test func anOutputFolderThatIsALinkToNothingSaysWhereItPoints() async throws {
        let link = folder.file("site")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.file("gone").path)
        let result = try await ChildProcess.clipkit(["site", "build", "--manifest", roadflare, "--out", link.path])
        expectOneLine(result, containing: ["\(link.path) is a symbolic link to \(folder.file("gone").path), which does not exist"])
        #expect(!result.standardError.contains("already"), "\(result.standardError)")
    }

    @Test(arguments: [
        (["aasa", "validate", "aasa.json", "--timeout", "-1"], "--timeout -1: give the seconds to wait, more than 0"),
        (["aasa", "validate", "aasa.json", "--timeout=-1"], "--timeout -1: give the seconds to wait, more than 0"),
        (["simulate", "https://roadflare.app/", "--timeout", "-1", "--manifest", "clipkit.json"], "--timeout -1: give the seconds the clip waits for relays"),
        (["simulate", "https://roadflare.app/", "--timeout", "0", "--manifest", "clipkit.json"], "--timeout 0: give the seconds the clip waits for relays"),
        (["serve", "--port", "-1", "--manifest", "clipkit.json"], "--port -1 is not a TCP port: give 0 to 65535"),
        (["handoff", "offer", "--container", ".", "--type", "shop.cart", "--payload", "{}", "--ttl", "-5"], "--ttl"),
        (["demo", "--relay-port", "-2", "--no-wait"], "--relay-port -2"),
    ])
    func aNegativeNumberIsAValueWithARangeToFit(_ arguments: [String], _ message: String) async throws {
        try FileManager.default.copyItem(atPath: roadflare, toPath: folder.file("clipkit.json").path)
        let result = try await ChildProcess.clipkit(arguments, currentDirectory: folder.url)
        expectOneLine(result, containing: [message])
    }
}

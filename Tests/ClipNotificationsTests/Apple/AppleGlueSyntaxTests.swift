import ClipTestSupport
import Foundation
import Testing

/// The iOS glue cannot be compiled on Linux; it must at least parse (inactive `#if` blocks are
/// parsed too), so a syntax slip is caught here rather than in an app's build.
@Suite struct AppleGlueSyntaxTests {
    @Test func appleOnlyFilesParse() async throws {
        let folder = TestEnvironment.file("Sources/ClipNotifications/Apple")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count >= 3)
        let compiler = try TestEnvironment.systemTool("swiftc")
        for file in files {
            let path = folder.appendingPathComponent(file).path
            let source = try String(contentsOfFile: path, encoding: .utf8)
            #expect(source.hasPrefix("#if canImport(UserNotifications) && os(iOS)"), "\(file) must be guarded")
            let result = try await ChildProcess.run(compiler, arguments: ["-parse", path], timeout: 60)
            #expect(result.status == 0, "\(file): \(result.standardError)")
        }
    }
}

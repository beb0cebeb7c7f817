import ClipSimulation
import ClipTestSupport
import Foundation
import Testing

/// The demo end to end: a real relay, the link-domain server over real HTTP, the simulation.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct DemoSessionTests {
    @Test func theSharePageShowsTheSampleDriversVerifiedName() async throws {
        setenv("CLIPKIT_VENV", TestEnvironment.virtualEnvironment.path, 1)
        let options = DemoSession.Options(port: 0, relayPort: 0, root: TestEnvironment.repositoryRoot, stopsOnSignals: false)
        let demo = try await DemoSession.start(options)
        #expect(demo.report.passed, "\(demo.report.failureReason ?? "")")
        #expect(demo.report.report(for: .freshInstall)?.steps(named: .preview).last?.detail("name") == "Maria Lopez")
        let curl = try TestEnvironment.systemTool("curl")
        let page = try await ChildProcess.run(curl, arguments: ["-sS", "--max-time", "20", demo.sharePageURL], timeout: 30)
        let aasa = try await ChildProcess.run(curl, arguments: ["-sS", "--max-time", "10", demo.associationFileURL], timeout: 20)
        await demo.stop()
        #expect(page.standardOutput.contains("Maria Lopez"), "\(page.standardOutput.prefix(600))")
        #expect(aasa.standardOutput.contains("6Y98438M9X.com.roadflare.RoadFlare.Clip"))
    }
}

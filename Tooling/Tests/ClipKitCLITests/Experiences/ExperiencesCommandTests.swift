import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// `clipkit experiences plan|push` as a user runs them (pushing itself is tested against the API
/// stand-in in ClipSiteTests).
@Suite struct ExperiencesCommandTests {
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path

    @Test func experiencesPlanPrintsOneExperiencePerClipRoute() async throws {
        let result = try await ChildProcess.clipkit(["experiences", "plan", "--manifest", roadflare, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let experiences = try #require(try result.json()["experiences"] as? [[String: Any]])
        #expect(experiences.map { $0["link"] as? String } == ["https://roadflare.app/share/d/"])
        #expect(experiences.first?["action"] as? String == "OPEN")
    }

    @Test func experiencesPushWithABadKeyIsAClearUsageError() async throws {
        let folder = try TemporaryDirectory()
        let key = folder.file("AuthKey.p8")
        try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
        let result = try await ChildProcess.clipkit(["experiences", "push", "--manifest", roadflare, "--key", key.path, "--key-id", "2X9R4HXF34",
                                                     "--issuer", "57246542-96fe-1a63-e053-0824d011072a", "--app-clip-id", "1", "--api-base-url", "http://127.0.0.1:9"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("AuthKey.p8"))
        #expect(result.standardError.contains("P-256"))
    }
}

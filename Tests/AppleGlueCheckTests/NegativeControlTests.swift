import ClipTestSupport
import Foundation
import Testing

/// The Apple-only check catches what it exists to catch: each case planted from
/// `Tests/Fixtures/AppleCheck` (a wrong argument label, a main-actor call from nonisolated code, a
/// non-Sendable value sent to a detached task, an unguarded iOS 16 API in the iOS 15.1 clip, a misspelt
/// Objective-C optional delegate method, one with the requirement's name but other types, and a
/// main-actor witness that older SDKs' nonisolated `WKNavigationDelegate` rejects, an App Store overlay
/// not guarded against Mac Catalyst, an error interpolated into localized text, which Apple's iOS 26.2
/// SDK deprecates, a keychain query passed without bridging to `CFDictionary`, a `URL` given as a
/// notification's target content identifier, a Sign in with Apple credential state read without
/// `try`) must make
/// `scripts/check-apple-glue` fail with that case's diagnostic on the planted line.
@Suite("the Apple-only check's negative control", .timeLimit(.minutes(5)))
struct NegativeControlTests {
    @Test("every planted case fails the check, each with its own diagnostic")
    func plantedCasesAreCaught() async throws {
        let cases = try FileManager.default
            .contentsOfDirectory(atPath: TestEnvironment.file("Tests/Fixtures/AppleCheck").path)
            .filter { $0.hasSuffix(".swift") }
            .map { String($0.dropLast(".swift".count)) }
        #expect(cases.count >= 12, "\(cases)")
        for name in [
            "misspelt-delegate-method", "deprecated-localized-interpolation", "keychain-query-not-a-cfdictionary",
            "notification-target-not-a-string", "credential-state-without-try",
        ] {
            #expect(cases.contains(name), "\(cases)")
        }
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: [TestEnvironment.file("scripts/check-apple-glue").path, "--control"],
            currentDirectory: TestEnvironment.repositoryRoot, timeout: 280
        )
        #expect(result.status == 0, "\(result.standardError.suffix(2000))")
        for name in cases {
            #expect(result.standardError.contains("==> control \(name): failed as expected"), "\(name)")
        }
        #expect(!result.standardError.contains("WRONG"))
    }
}

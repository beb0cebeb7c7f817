@_spi(ClipKitTooling) import ClipKitGeneration
import ClipTestSupport
import Foundation
import Testing

/// `clipkit-plugin.json`: read strictly, every problem reported with its line and path.
@Suite struct GenerationConfigurationTests {
    func load(_ text: String) throws -> GenerationConfiguration {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent(GenerationConfiguration.fileName)
        try Data(text.utf8).write(to: url)
        return try GenerationConfiguration.load(contentsOf: url)
    }

    @Test func readsBothSettings() throws {
        let configuration = try load(#"{ "accessLevel": "public", "parameterKinds": ["ticket", "seat"] }"#)
        #expect(configuration == GenerationConfiguration(accessLevel: .public, parameterKinds: ["ticket", "seat"]))
        #expect(try load("{}") == GenerationConfiguration())
    }

    @Test func reportsEveryProblemWithItsLine() throws {
        let failure = try #require(throws: GenerationFailure.self) {
            try load("{\n  \"accessLevel\": \"open\",\n  \"kinds\": [],\n  \"parameterKinds\": [\"ticket\", \"ticket\", \"9lives\", 3]\n}")
        }
        #expect(failure.diagnostics.map(\.path) == ["$.kinds", "$.accessLevel", "$.parameterKinds[1]", "$.parameterKinds[2]", "$.parameterKinds[3]"])
        #expect(failure.diagnostics.map(\.line) == [3, 2, 4, 4, 4])
        #expect(failure.diagnostics[1].message == "expected 'internal' or 'public', found 'open'")
    }

    @Test func reportsTextThatIsNotJSON() throws {
        let failure = try #require(throws: GenerationFailure.self) { try load("{\n\"accessLevel\": public}") }
        #expect(failure.diagnostics.first?.line == 2)
        #expect(failure.diagnostics.first?.message.hasPrefix("the plugin configuration is not valid JSON") == true)
    }
}

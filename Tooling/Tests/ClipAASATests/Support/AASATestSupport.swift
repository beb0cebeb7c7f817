import ClipAASA
import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation

/// Builds documents and matchers from JSON text written in the tests.
enum AASAFixture {
    static func document(_ json: String) throws -> AASADocument {
        try AASADocument(parsing: Data(json.utf8))
    }

    static func matcher(_ json: String) throws -> AASAMatcher {
        AASAMatcher(document: try document(json))
    }

    /// A file with one detail for `appIDs` holding `components` (JSON text of the array).
    static func singleDetail(_ components: String, appIDs: [String] = [Apps.main], extra: String = "") throws -> AASAMatcher {
        let ids = appIDs.map { "\"\($0)\"" }.joined(separator: ",")
        return try matcher(#"{"applinks":{\#(extra)"details":[{"appIDs":[\#(ids)],"components":\#(components)}]}}"#)
    }
}

/// Application identifiers used across the tests.
enum Apps {
    static let main = "ABCDE12345.com.example.app"
    static let second = "ABCDE12345.com.example.app2"
    static let other = "ZYXWV98765.org.other.app"
}

/// The example manifests, loaded with the parameter kinds they need.
///
/// RoadFlare's routes take an `npub`, a kind that ClipNostr registers. These tests use a local
/// stand-in that accepts the shape of an npub (`npub1` and 58 bech32 characters): the AASA engine
/// only needs the routes, not npub decoding.
enum ExampleManifests {
    static let bech32Alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l")

    static let npub = ParameterKind(name: "npub", summary: "an npub (test stand-in)") { value in
        guard value.hasPrefix("npub1"), value.count == 63, value.dropFirst(5).allSatisfy({ bech32Alphabet.contains($0) }) else {
            return .rejected("'\(value.prefix(40))' is not an npub")
        }
        return .accepted(value)
    }

    static let kinds = ParameterKindRegistry.standard.registering(npub)

    static func roadflare() throws -> ClipManifest {
        try ManifestLoader(parameterKinds: kinds).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
    }

    static func bluesky() throws -> ClipManifest {
        try ManifestLoader(parameterKinds: kinds).load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
    }
}

import ClipTestSupport
import Foundation

/// nostr-sdk (rust-nostr's Python bindings), run through `Tests/Fixtures/python/nostr_reference.py`
/// in the project's virtual environment: the reference implementation ClipNostr is checked against.
enum NostrReference {
    static var script: URL { TestEnvironment.file("Tests/Fixtures/python/nostr_reference.py") }

    /// Runs one mode of the script and returns its standard output, one JSON line per result.
    static func run(_ arguments: [String], input: [String] = []) async throws -> [String] {
        let standardInput = input.isEmpty ? nil : Data((input.joined(separator: "\n") + "\n").utf8)
        let result = try await ChildProcess.run(
            try TestEnvironment.python(), arguments: [script.path] + arguments,
            standardInput: standardInput, timeout: 60
        )
        guard result.status == 0 else {
            throw ReferenceFailure(description: "nostr_reference.py \(arguments.joined(separator: " ")) exited \(result.status): \(result.standardError.suffix(800))")
        }
        return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// One JSON line parsed with Foundation (for the reference's own reports, not for events).
    static func object(_ line: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw ReferenceFailure(description: "not a JSON object: \(line.prefix(200))")
        }
        return object
    }

    struct ReferenceFailure: Error, CustomStringConvertible {
        let description: String
    }
}

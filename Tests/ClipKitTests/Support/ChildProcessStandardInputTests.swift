import ClipTestSupport
import Foundation
import Testing

/// The test support survives a child that exits without reading its standard input.
@Suite struct ChildProcessStandardInputTests {
    @Test func aChildThatIgnoresItsInputDoesNotKillTheTestProcess() async throws {
        // Far more than a pipe buffers, so the write is still going when the child has exited.
        let input = Data(repeating: UInt8(ascii: "x"), count: 4 * 1024 * 1024)
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit 3"], standardInput: input, timeout: 20
        )
        #expect(result.status == 3)
    }

    @Test func aChildThatReadsItsInputGetsAllOfIt() async throws {
        let input = Data(repeating: UInt8(ascii: "y"), count: 300_000)
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "wc -c"], standardInput: input, timeout: 20
        )
        #expect(result.status == 0)
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "300000")
    }
}

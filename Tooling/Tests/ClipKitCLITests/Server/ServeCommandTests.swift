import ClipLoopback
import ClipServer
import ClipTestSupport
import Foundation
import Testing

/// `clipkit serve` as a real process: it prints where it listens, serves over HTTP, and stops
/// gracefully on SIGTERM and SIGINT.
@Suite struct ServeCommandTests {
    let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json").path

    func startServer(port: Int) throws -> ChildProcess {
        try ChildProcess(
            TestEnvironment.clipkitExecutable(),
            arguments: ["serve", "--manifest", bluesky, "--port", String(port), "--json"]
        )
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func servesAndStopsGracefullyOnSignal(_ signal: Int32) async throws {
        let port = try LoopbackPort.free()
        let server = try startServer(port: port)
        defer { server.stop() }
        let announcement = try await server.waitForAnnouncement(withMember: "listening", timeout: 30)
        #expect(announcement["port"] as? Int == port)
        #expect(announcement["listening"] as? String == "http://127.0.0.1:\(port)")

        let curl = try TestEnvironment.systemTool("curl")
        let fetched = try await ChildProcess.run(curl, arguments: [
            "--silent", "--include", "--header", "Host: go.bsky.app",
            "http://127.0.0.1:\(port)/.well-known/apple-app-site-association",
        ])
        #expect(fetched.standardOutput.hasPrefix("HTTP/1.1 200"))
        #expect(fetched.standardOutput.lowercased().contains("content-type: application/json"))
        #expect(fetched.standardOutput.contains("\"/?*\""), "the capture of go.bsky.app/{code} is written as ?*")

        server.send(signal: signal)
        let status = await server.waitForExit(timeout: 15)
        #expect(status == 0)
        #expect(server.standardError.contains("stopped"))
        #expect(server.standardError.contains("path=/.well-known/apple-app-site-association status=200"))
        #expect(server.standardOutput.split(separator: "\n").count == 1)
    }

    /// The help names the connection caps this process gets, derived from its descriptor limit
    /// (which the child inherits), and the timeouts with their defaults.
    @Test func theHelpSaysTheConnectionLimits() async throws {
        let help = try await ChildProcess.clipkit(["serve", "--help"])
        #expect(help.status == 0)
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let limits = ConnectionLimits.derived()
        #expect(text.contains("--max-connections <N> Connections: the most served at once"), "\(text)")
        #expect(text.contains("Default \(limits.maximumConnections): the descriptor limit (ulimit -n, now \(ConnectionLimits.processDescriptorLimit()))"))
        #expect(text.contains("Default \(limits.maximumConnectionsPerClient): an eighth of --max-connections"))
        #expect(text.contains("Default \(limits.reserve): a thirty-second of the descriptor limit"))
        for option in ["--header-timeout <S>", "--body-timeout <S>", "--idle-timeout <S>"] {
            #expect(text.contains(option), "\(option) is missing from the help")
        }
        #expect(text.contains("(default: 30)") && text.contains("(default: 60)"))
    }

    @Test(arguments: [["--max-connections", "0"], ["--max-connections-per-client", "-1"], ["--connection-reserve", "-1"], ["--header-timeout", "0"], ["--body-timeout", "0"], ["--idle-timeout", "0"]])
    func aLimitOutOfRangeExitsTwo(_ option: [String]) async throws {
        let result = try await ChildProcess.clipkit(["serve", "--manifest", bluesky, "--port", "0"] + option, timeout: 30)
        #expect(result.status == 2)
        #expect(result.standardError.contains(option[0]), "\(result.standardError)")
    }

    @Test func aPortInUseExitsTwo() async throws {
        let port = try LoopbackPort.free()
        let first = try startServer(port: port)
        defer { first.stop() }
        _ = try await first.waitForAnnouncement(withMember: "listening", timeout: 30)
        let second = try await ChildProcess.clipkit(["serve", "--manifest", bluesky, "--port", String(port), "--json"], timeout: 30)
        #expect(second.status == 2)
        #expect(second.standardError.contains("cannot serve on 127.0.0.1:\(port): address already in use; stop what listens there or pick another --port"),
                "\(second.standardError)")
        #expect(!second.standardError.contains("errno"), "the system error is said in words: \(second.standardError)")
    }

    @Test func lookupSharingOptionsAreCheckedAndListed() async throws {
        for (option, value, message) in [
            ("--lookup-wait", "0", "--lookup-wait 0.0: give seconds above 0 and at most 60"),
            ("--lookup-wait", "90", "--lookup-wait 90.0: give seconds above 0 and at most 60"),
            ("--client-lookups-in-flight", "0", "--client-lookups-in-flight 0 must be at least 1"),
        ] {
            let result = try await ChildProcess.clipkit(["serve", "--manifest", bluesky, "--port", "0", option, value], timeout: 30)
            #expect(result.status == 2, "\(option) \(value)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
        let help = try await ChildProcess.clipkit(["serve", "--help"], timeout: 30)
        #expect(help.standardOutput.contains("--client-lookups-in-flight <N>"))
        #expect(help.standardOutput.contains("--lookup-wait <seconds>"))
    }
}

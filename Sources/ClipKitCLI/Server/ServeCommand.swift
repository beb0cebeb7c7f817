import ArgumentParser
import ClipKit
import ClipServer
import ClipSite
import Foundation
import Logging
import NIOCore

/// `clipkit serve`: run the link-domain server.
public struct ServeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the link domain: the AASA file, share pages with Smart App Banner and previews, and /healthz.",
        discussion: "Prints the listening address once it accepts connections (with --json, one JSON object: listening, host, port); request logs go to standard error. SIGINT or SIGTERM stops it gracefully."
    )

    /// The address to bind.
    @Option(name: .long, help: "The address to listen on.")
    public var host: String = "127.0.0.1"

    /// The port; 0 picks a free one.
    @Option(name: .long, parsing: .unconditional, help: "The TCP port, 0 to 65535 (0 picks a free one).")
    public var port: Int = 8080

    /// How much to log.
    @Option(name: .long, help: "Log level: trace, debug, info, notice, warning, error or critical. Requests are logged at info.")
    public var logLevel: String = "info"

    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    /// Runs the server until it is stopped by a signal.
    public func run() async throws {
        guard (0...65_535).contains(port) else {
            throw CommandFailure.badInput("--port \(port) is not a TCP port: give 0 to 65535 (0 picks a free one)")
        }
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw CommandFailure.badInput("--log-level '\(logLevel)' is not one of trace, debug, info, notice, warning, error, critical")
        }
        let site = try siteOptions.loadSite()
        let configuration = ClipServerConfiguration(host: host, port: port, requestLogLevel: .info)
        let server = ClipServer(site: site, configuration: configuration, logger: ClipServer.standardErrorLogger(level: level))
        let json = output.json
        do {
            try await server.run { address in
                Output.emit(
                    .object(["listening": .string(address.url), "host": .string(address.host), "port": .integer(address.port)]),
                    json: json
                ) { "clipkit serve: listening on \(address.url)" }
            }
        } catch let error as IOError {
            let advice = error.errnoCode == EADDRINUSE
                ? "; stop what listens there or pick another --port (0 picks a free one)"
                : "; check --host and --port"
            throw CommandFailure.badInput("cannot serve on \(host):\(port): \(FileErrorReason.posix(error.errnoCode))\(advice)")
        } catch is SocketAddressError {
            throw CommandFailure.badInput("cannot serve on \(host):\(port): '\(host)' is not an address or a host name this machine resolves; give one such as 127.0.0.1")
        } catch {
            throw CommandFailure.badInput("cannot serve on \(host):\(port): \(error)")
        }
    }
}

/// Why the demo cannot run, with what to do about it.
public enum DemoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `nostr-relay` is not in the Python environment.
    case relayToolMissing(path: String)
    /// The relay did not start listening.
    case relayDidNotStart(port: Int, output: String)
    /// A file the demo needs is missing or unreadable.
    case missingFile(path: String, reason: String)
    /// The relay refused or never acknowledged the sample driver.
    case publishFailed(relay: String, reason: String)
    /// The link-domain server could not listen.
    case serverFailed(String)
    /// The simulation of the share link could not run.
    case simulationFailed(String)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .relayToolMissing(let path):
            return "nostr-relay is not installed at \(path): run scripts/setup (it creates .venv with scripts/requirements.txt), or set CLIPKIT_VENV to a Python environment that has nostr-relay"
        case .relayDidNotStart(let port, let output):
            return "nostr-relay did not listen on 127.0.0.1:\(port) within 30 s; its output: \(output.suffix(400))"
        case .missingFile(let path, let reason):
            return "\(path): \(reason); run the demo from the package root (scripts/demo does)"
        case .publishFailed(let relay, let reason):
            return "the sample driver could not be published to \(relay): \(reason)"
        case .serverFailed(let reason):
            return "the link-domain server could not start: \(reason)"
        case .simulationFailed(let reason):
            return "the share link could not be simulated: \(reason)"
        }
    }
}

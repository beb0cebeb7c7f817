import ClipLoopback

/// Why the demo cannot run, with what to do about it.
package enum DemoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The local relay did not start (`nostr-relay` missing, or it did not listen).
    case relayFailed(LocalRelayError)
    /// A file the demo needs is missing or unreadable.
    case missingFile(path: String, reason: String)
    /// The relay refused or never acknowledged the sample driver.
    case publishFailed(relay: String, reason: String)
    /// The link-domain server could not listen.
    case serverFailed(String)
    /// The simulation of the share link could not run.
    case simulationFailed(String)

    /// A sentence that says what is wrong and what to do.
    package var description: String {
        switch self {
        case .relayFailed(let error):
            return error.description
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

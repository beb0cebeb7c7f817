/// Why a simulation cannot start: its input is unusable. A flow that runs and fails its
/// expectation is not an error; its ``ScenarioReport`` says why.
package enum SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The invocation URL is empty or longer than the router accepts.
    case invalidURL(String, reason: String)
    /// A relay is not one ClipNostr connects to.
    case invalidRelay(String, reason: String)
    /// The timeout is not a usable number of seconds.
    case invalidTimeout(Double)
    /// The manifest's routes do not compile into a router.
    case routerConfiguration(String)
    /// The AASA files cannot be generated from the manifest.
    case associationFile(String)
    /// The folder standing in for the App Group container cannot be used.
    case containerUnavailable(path: String, reason: String)

    /// A sentence that says what is wrong and what to do.
    package var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            return "'\(url.prefix(80))' cannot be simulated: \(reason)"
        case .invalidRelay(let relay, let reason):
            return "relay '\(relay.prefix(80))' cannot be used: \(reason); give wss:// relays, or ws:// on loopback"
        case .invalidTimeout(let seconds):
            return "timeout \(seconds) is not usable: give a number of seconds above 0 and at most 600"
        case .routerConfiguration(let reason):
            return "the manifest's routes do not compile: \(reason)"
        case .associationFile(let reason):
            return "the AASA file cannot be generated from the manifest: \(reason)"
        case .containerUnavailable(let path, let reason):
            return "the App Group folder '\(path)' cannot be used: \(reason); give a writable folder with --container"
        }
    }
}

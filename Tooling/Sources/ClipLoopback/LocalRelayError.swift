/// Why a ``LocalRelay`` did not start.
package enum LocalRelayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `nostr-relay` is not in the Python environment.
    case toolMissing(path: String)
    /// The relay exited or did not listen in time; `output` is what it wrote.
    case didNotStart(port: Int, output: String)

    /// What went wrong and what to do.
    package var description: String {
        switch self {
        case .toolMissing(let path):
            return "nostr-relay is not installed at \(path): run scripts/setup (it creates .venv from scripts/requirements.txt), or set CLIPKIT_VENV to a Python environment that has nostr-relay"
        case .didNotStart(let port, let output):
            return "nostr-relay did not listen on 127.0.0.1:\(port); its output: \(output.suffix(600))"
        }
    }
}

import ClipKit

/// Where a driver preview stands.
///
/// ```
/// loading ──profile──▶ preview(isUpdating: true) ──better profile──▶ preview(isUpdating: true)
///    │                       │ fetch ends                                │
///    │                       ▼                                           │
///    │                 preview(isUpdating: false)                        │
///    │                       │ "Get the app"  ◀──────────────────────────┘
///    │                       ▼
///    │                    offered ◀── "Get the app" (npub only) ── failed (offerable)
///    └──invalid key / no relay answered / not found / stopped──▶ failed
/// ```
public enum DriverPreviewState: Sendable, Equatable, CustomStringConvertible {
    /// Relays are being asked; nothing verified has arrived yet.
    case loading
    /// A verified profile is on screen. While `isUpdating`, relays may still send a newer one,
    /// which replaces it.
    case preview(DriverProfile, isUpdating: Bool)
    /// The person tapped "Get the app" and this handoff was left for the full app.
    case offered(DriverHandoff)
    /// No profile can be shown; the failure says why in words a person can read.
    case failed(DriverPreviewFailure)

    /// A short line for logs and `clipkit simulate`.
    public var description: String {
        switch self {
        case .loading:
            return "loading"
        case .preview(let profile, let isUpdating):
            let name = profile.readableName ?? "a driver without a name"
            return "preview of \(name)\(isUpdating ? " (more relays may answer)" : "")"
        case .offered(let handoff):
            return "offered the handoff for \(handoff.displayName ?? handoff.npub)"
        case .failed(let failure):
            return "failed: \(failure.description)"
        }
    }
}

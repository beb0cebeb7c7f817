import Foundation

/// Why a clip's or an app's runtime could not be built; `clipkit doctor` finds each of these before
/// App Review.
public enum ClipSetupError: Error, Sendable, CustomStringConvertible {
    /// The bundle has no `clipkit.json`.
    case manifestNotBundled(bundle: String)
    /// The manifest could not be read or is not valid: ClipManifestReader's `ManifestError`, with
    /// every problem and its JSON path. Only a runtime read from a file or the bundle gives it; a
    /// configuration generated at build time was checked then.
    case manifest(any Error & Sendable & CustomStringConvertible)
    /// A route could not be compiled: its parameter kind is not registered by the clip's flow.
    case router(RouterConfigurationError)
    /// The App Group container is not available.
    case appGroup(AppGroupContainerError)
    /// The shared store in the container could not be opened.
    case sharedDefaults(SharedDefaultsError)
    /// The handoff store could not be set up.
    case handoff(HandoffError)
    /// The clip's flow could not be set up from the manifest (for example, it lists no relays).
    case flow(String)

    /// The error a ``ClipRuntimeSource`` or ``ClipFlow`` threw, as a `ClipSetupError`: itself when it
    /// is one, otherwise ``flow(_:)`` with the error's description.
    package init(_ error: any Error) {
        if let error = error as? ClipSetupError {
            self = error
        } else {
            self = .flow((error as? any LocalizedError)?.errorDescription ?? String(describing: error))
        }
    }

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .manifestNotBundled(let bundle):
            return "clipkit.json is not in the bundle \(bundle); add it to the target's resources (Copy Bundle Resources) in both the clip and the app, or compile it with ClipKitManifestPlugin and pass ClipConfiguration.self instead of BundledManifest.self"
        case .manifest(let error):
            return error.description
        case .router(let error):
            return "clipkit.json: \(error.description)"
        case .appGroup(let error):
            return error.description
        case .sharedDefaults(let error):
            return "the App Group's shared store cannot be opened: \(error.description)"
        case .handoff(let error):
            return "clipkit.json: \(error.description)"
        case .flow(let reason):
            return reason
        }
    }
}

extension ClipSetupError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .manifestNotBundled:
            return "Add clipkit.json to the resources of both the clip and the app, or compile it with ClipKitManifestPlugin and pass ClipConfiguration.self."
        case .manifest(let error): return (error as? any LocalizedError)?.recoverySuggestion
        case .router(let error): return error.recoverySuggestion
        case .appGroup(let error): return error.recoverySuggestion
        case .sharedDefaults(let error): return error.recoverySuggestion
        case .handoff(let error): return error.recoverySuggestion
        case .flow: return nil
        }
    }
}

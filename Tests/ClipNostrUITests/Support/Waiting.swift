import ClipNostrUI

/// Waits until the model reaches a state that satisfies `predicate`, and returns it.
@MainActor
func state(
    of model: DriverPreviewModel, where predicate: (DriverPreviewState) -> Bool
) async -> DriverPreviewState {
    for await state in model.stateUpdates() where predicate(state) {
        return state
    }
    return model.state
}

/// Waits until the scripted source has been asked for a profile.
func started(_ source: ScriptedProfileSource) async {
    while !source.hasStarted { await Task.yield() }
}

extension DriverPreviewState {
    var isPreview: Bool { if case .preview = self { return true } else { return false } }
    var isFailed: Bool { if case .failed = self { return true } else { return false } }
    var isOffered: Bool { if case .offered = self { return true } else { return false } }
    var isFinal: Bool {
        switch self {
        case .loading: return false
        case .preview(_, let isUpdating): return !isUpdating
        case .offered, .failed: return true
        }
    }
}

/// One case of the manual test plan that `clipkit simulate` runs headless.
///
/// The four cases are RoadFlare's plan for its driver-share clip, and apply to any clip route:
/// (a) ``freshInstall``, (b) ``appInstalled``, (c) ``clipEvicted``, (d) ``returningUser``.
package enum SimulationScenario: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// (a) No app installed: the clip opens, shows its content and offers the handoff; after the
    /// install the app claims it and opens pre-filled.
    case freshInstall = "fresh-install"
    /// (b) The app is installed: the AASA sends the URL to the app, the clip is bypassed and the
    /// app opens the link itself.
    case appInstalled = "app-installed"
    /// (c) The system evicts the clip's data between the tap and the install: nothing is
    /// claimed and onboarding starts normally.
    case clipEvicted = "clip-evicted"
    /// (d) A returning user: the fresh-install flow, then a second tap on the same link after the
    /// install opens the app, which claims nothing stale.
    case returningUser = "returning-user"
    /// Outside the plan (not in ``allCases``): an older version of the clip left the route's
    /// payload with every capture a JSON string, as ClipKit wrote them before typed payloads. The
    /// app claims it; when its type (the manifest's, with kinds) cannot take it, the launch gives it
    /// back with the reason and onboarding starts normally: it is not lost silently.
    case olderClip = "older-clip"

    /// The four scenarios of the test plan, in order; ``olderClip`` is run when named.
    package static var allCases: [SimulationScenario] { [.freshInstall, .appInstalled, .clipEvicted, .returningUser] }

    /// What the scenario checks, in one line.
    package var description: String {
        switch self {
        case .freshInstall:
            return "no app installed: the clip opens, the handoff is offered, the installed app claims it and opens pre-filled"
        case .appInstalled:
            return "app installed: the link opens the app (the AASA sends it there; Apple's default App Clip link goes there by itself), the clip is bypassed"
        case .clipEvicted:
            return "the clip's data is evicted before the install: nothing is claimed, onboarding starts normally"
        case .returningUser:
            return "a returning user taps the link again after installing: the app opens it, nothing stale is claimed"
        case .olderClip:
            return "an older clip's payload the app's type cannot take is claimed and given back with the reason, not lost silently"
        }
    }
}

extension SimulationScenario {
    /// The word that selects every scenario: `all`.
    package static let allSelection = "all"

    /// The scenarios a selection names: one scenario's name, or `all` for the four in plan order;
    /// `nil` when the text names neither.
    package static func selection(named text: String) -> [SimulationScenario]? {
        if text == allSelection { return allCases }
        return SimulationScenario(rawValue: text).map { [$0] }
    }
}

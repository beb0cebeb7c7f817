import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// One differential run: the same seeded URLs routed by the run-time router (the manifest read by
/// `ManifestLoader`) and by a router generated from the same manifest, which must give the same
/// route, parameters and match, or the same reason for no match, on every one.
struct DifferentialRun<Route: Equatable> {
    /// A generated router's answer: the route enum's case and the match it came from.
    typealias Answer = Result<(route: Route, match: RouteMatch), RoutingFailure>

    /// The example manifest, from the repository root.
    let manifestPath: String
    /// The generated router's answer for a URL given as text.
    let routeText: (String) -> Answer
    /// The generated router's answer for a parsed URL.
    let routeURL: (URL) -> Answer
    /// The generated enum's case for a match (its failable initializer).
    let typedRoute: (RouteMatch) -> Route?
    /// The generated enum's name for a case.
    let routeName: (Route) -> String
    /// Checks that a typed route carries the match's parameters, converted to their Swift types.
    let checkTyped: (Route, RouteMatch) -> Void

    /// What a run saw.
    struct Tally {
        /// URLs the routers matched, by family.
        var matches: [InvocationURLSampler.Family: Int] = [:]
        /// URLs neither router matched, by family.
        var failures: [InvocationURLSampler.Family: Int] = [:]
        /// The failure cases seen (`unknownHost`, `parameterRejected`, …).
        var failureKinds: Set<String> = []
        /// The routes matched.
        var routes: Set<String> = []
        /// URLs on which the routers disagreed.
        var differences = 0
    }

    /// Routes `samplesPerFamily` URLs of each family through both routers, as text and, when the
    /// text parses, as a `URL`.
    func run(samplesPerFamily: Int, seed: UInt64) throws -> Tally {
        let manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: TestEnvironment.file(manifestPath))
        let runtime = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
        var sampler = try InvocationURLSampler(manifest: manifest, seed: seed)
        var tally = Tally()
        for family in InvocationURLSampler.Family.allCases {
            for _ in 0..<samplesPerFamily where tally.differences < 20 {
                let text = sampler.next(family)
                let expected = runtime.route(text)
                switch expected {
                case .success(let match):
                    tally.matches[family, default: 0] += 1
                    tally.routes.insert(match.route)
                case .failure(let reason):
                    tally.failures[family, default: 0] += 1
                    tally.failureKinds.insert(Mirror(reflecting: reason).children.first?.label ?? "\(reason)")
                }
                if !agree(expected, routeText(text), on: text) { tally.differences += 1 }
                if let url = URL(string: text), !agree(runtime.route(url), routeURL(url), on: text) { tally.differences += 1 }
            }
        }
        return tally
    }

    /// Whether the two answers agree; records a test issue that shows both when they do not.
    private func agree(_ expected: Result<RouteMatch, RoutingFailure>, _ actual: Answer, on text: String) -> Bool {
        switch (expected, actual) {
        case (.success(let match), .success(let typed)):
            guard typed.match == match, routeName(typed.route) == match.route, typedRoute(match) == typed.route else {
                Issue.record("\(manifestPath): '\(text)': the run-time router matched \(match), the generated one \(typed.match) as \(typed.route)")
                return false
            }
            checkTyped(typed.route, match)
            return true
        case (.failure(let reason), .failure(let generatedReason)) where reason == generatedReason:
            return true
        default:
            Issue.record("\(manifestPath): '\(text)': the run-time router gives \(expected), the generated one \(actual)")
            return false
        }
    }
}

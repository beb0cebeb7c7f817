@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Sample URLs for a route pattern, used to ask the matcher whether a file sends the route's URLs
/// to the right app.
///
/// Each capture is filled with values its parameter kind accepts (within the range the manifest
/// gives it), chosen from a fixed list of
/// plausible values (a slug, a number, a handle, a DID, a record key, a UUID, an npub and text that
/// needs percent-encoding), so that a file which narrows a capture (`/share/d/npub1*`) is judged on
/// values the route really takes. A capture whose kind accepts none of them gets `clipkit-sample`.
public struct RouteSampleURLs: Sendable {
    /// The candidate values, in the order they are tried.
    public static let candidates: [String] = [
        "clipkit-sample",
        "12345",
        "alice.bsky.social",
        "did:plc:ewvi7nxzyoun6zhxrhs64oiz",
        "3jzfcijpj2z2a",
        "123e4567-e89b-12d3-a456-426614174000",
        // The npub of the public key 79be667e…16f81798 (the secp256k1 generator's x coordinate).
        "npub10xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqpkge6d",
        "caf\u{E9} & co",
    ]

    /// The most sample URLs produced for one pattern.
    public static let maximumSamples = 4

    /// The parameter kinds that decide which candidates a capture accepts.
    public let parameterKinds: ParameterKindRegistry

    /// Creates a sampler.
    public init(parameterKinds: ParameterKindRegistry = .standard) {
        self.parameterKinds = parameterKinds
    }

    /// A sample of Apple's default App Clip link for `route` of the clip `clipBundleID`: the link
    /// with an item for each of the route's captures and required query items, each the first
    /// candidate its kind (and range) accepts.
    public func defaultLink(of route: ClipManifest.RouteDefinition, clipBundleID: String) -> String {
        let captures = route.patterns.first.flatMap { try? RoutePattern(parsing: $0) }?.captureNames ?? []
        let names = captures + route.query.filter(\.value.isRequired).keys.sorted()
        let items = names.map { URLQueryItem(name: $0, value: acceptedCandidates(for: $0, of: route)[0]) }
        return InvocationRouter.defaultLink(clipBundleID: clipBundleID, items: items)
    }

    /// Sample URLs for `pattern` of `route`: `https://host/path` with every capture filled.
    public func urls(for pattern: RoutePattern, of route: ClipManifest.RouteDefinition) -> [String] {
        var valuesByCapture: [String: [String]] = [:]
        for name in pattern.captureNames {
            valuesByCapture[name] = acceptedCandidates(for: name, of: route)
        }
        let count = min(RouteSampleURLs.maximumSamples, max(1, valuesByCapture.values.map(\.count).max() ?? 1))
        var urls: [String] = []
        for sample in 0..<count {
            var path = ""
            for segment in pattern.segments {
                path += "/"
                switch segment {
                case .literal(let text): path += PercentEncoding.urlSegment(text)
                case .capture(let name):
                    let values = valuesByCapture[name] ?? [RouteSampleURLs.candidates[0]]
                    path += PercentEncoding.urlSegment(values[sample % values.count])
                }
            }
            let url = "https://\(pattern.host)\(path.isEmpty ? "/" : path)"
            if !urls.contains(url) { urls.append(url) }
        }
        return urls
    }

    /// The candidates that the kind of `route`'s parameter `name` (a capture or a query item)
    /// accepts within its range, in order; the first candidate alone when it accepts none.
    private func acceptedCandidates(for name: String, of route: ClipManifest.RouteDefinition) -> [String] {
        let kindName = route.query[name]?.kind ?? route.params[name] ?? ParameterKind.string.name
        guard let kind = parameterKinds.kind(named: kindName)?.limited(to: route.ranges[name] ?? ClipManifest.IntegerRange()) else {
            return [RouteSampleURLs.candidates[0]]
        }
        let accepted = RouteSampleURLs.candidates.filter { candidate in
            if case .accepted = kind.check(candidate) { return true }
            return false
        }
        return accepted.isEmpty ? [RouteSampleURLs.candidates[0]] : accepted
    }
}

import ClipKit

/// An invocation after routing: where it came from and which route it matched, or why none did.
public struct RoutedInvocation: Sendable, Equatable, CustomStringConvertible {
    /// Where it came from.
    public let source: InvocationSource
    /// The matched route, or why no route matched.
    public let result: Result<RouteMatch, RoutingFailure>
    /// 1 for the first invocation the inbox delivered, 2 for the next, …; a new sequence number
    /// means "start over" for the screen, even for the same URL.
    @_spi(ClipKitTooling) public let sequence: Int
    let key: String

    /// The match, when the URL routed.
    public var match: RouteMatch? {
        if case .success(let match) = result { return match }
        return nil
    }

    /// A line for logs and `clipkit simulate`: the route and its parameters, or why none matched.
    public var description: String {
        switch result {
        case .success(let match):
            let parameters = match.parameters.keys.sorted().map { "\($0)=\(match.parameters[$0] ?? "")" }.joined(separator: ", ")
            return "\(source.description) → route '\(match.route)' (\(parameters)), handled by the \(match.handledBy.rawValue)"
        case .failure(let failure):
            return "\(source.description) → no route: \(failure.description)"
        }
    }
}

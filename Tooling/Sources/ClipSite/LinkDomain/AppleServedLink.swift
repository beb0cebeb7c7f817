@_spi(ClipKitTooling) import ClipKit

/// A link Apple serves, which no page, AASA file or entitlement of the team's domain takes part in.
package enum AppleServedLink: Sendable, Equatable {
    /// The default App Clip link, `https://appclip.apple.com/id?p=<clip>&items`.
    case defaultLink
    /// One of the clip's demo links (`InvocationRouter.demoLinks`).
    case demoLink
}

extension InvocationRouter {
    /// Which link Apple serves `match` came from, or `nil` for a link of the team's own domain;
    /// what `simulate` decides and `codes` checks from. (`WebContentURL` in the clip reads the same
    /// two facts inline: in ClipKit, this type would cost every clip about 4 KB.)
    package func appleServedLink(of match: RouteMatch) -> AppleServedLink? {
        if demoLinks.contains(match.pattern) { return .demoLink }
        return match.url.host?.lowercased() == Self.defaultLinkHost ? .defaultLink : nil
    }
}

import ClipKit

/// What a share page asks a profile provider: the matched route and its checked parameters.
package struct ShareProfileRequest: Sendable, Hashable {
    /// The route's name, such as `driverShare`.
    package var route: String
    /// The route's parameters after their kind's check, such as `["npub": "npub1…"]`.
    package var parameters: [String: String]

    /// Creates a request.
    package init(route: String, parameters: [String: String]) {
        self.route = route
        self.parameters = parameters
    }

    /// The request for a routed URL.
    package init(match: RouteMatch) {
        self.init(route: match.route, parameters: match.parameters)
    }
}

/// Supplies the profile that a share page previews, for routes that point at one.
///
/// The seam between share pages and where profiles come from. ClipKit's Nostr provider looks up
/// the kind-0 profile of the route's `npub` parameter and verifies it; tests use providers they
/// control. Wrap a provider in ``ShareProfileCache`` so pages do not ask the network each time.
package protocol ShareProfileProvider: Sendable {
    /// The profile for `request`, or `nil` when the route has none or none was found.
    ///
    /// - Throws: When the lookup failed (a network error, a timeout); pages then render without a
    ///   profile and ``ShareProfileCache`` retries sooner than it would after a `nil`.
    func profile(for request: ShareProfileRequest) async throws -> ShareProfile?

    /// The profile for `request`, with all of the lookup's work done by `deadline`.
    ///
    /// ``ShareProfileCache`` calls this with the page's wait, and a lookup holds one of its slots
    /// until it returns; a provider that talks to the network ends every step by the deadline and
    /// answers with what it has (for Nostr: the profile without a NIP-05 check that did not finish).
    /// The default calls ``profile(for:)`` and leaves the bounds to the provider.
    ///
    /// - Throws: As ``profile(for:)``; also when the deadline passed before any answer came.
    func profile(for request: ShareProfileRequest, before deadline: ContinuousClock.Instant) async throws -> ShareProfile?

    /// What identifies the profile `request` asks for: requests with the same key share one
    /// lookup and one cache entry in ``ShareProfileCache``, whatever route they came through.
    ///
    /// `nil` means the request points at no profile, so it needs no lookup. The default keys on
    /// the route and all of its parameters.
    func lookupKey(for request: ShareProfileRequest) -> String?
}

extension ShareProfileProvider {
    /// The answer of ``profile(for:)``; the deadline is left to the provider's own bounds.
    package func profile(for request: ShareProfileRequest, before deadline: ContinuousClock.Instant) async throws -> ShareProfile? {
        try await profile(for: request)
    }

    /// The route's name and its parameters, sorted by name.
    package func lookupKey(for request: ShareProfileRequest) -> String? {
        request.defaultLookupKey
    }
}

extension ShareProfileRequest {
    /// The route's name and its parameters sorted by name, separated by characters a route name
    /// or checked parameter cannot contain.
    package var defaultLookupKey: String {
        ([route] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)\u{1F}\($0.value)" }).joined(separator: "\u{1E}")
    }
}

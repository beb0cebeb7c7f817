import Foundation

/// Picks the App Clip experience for an invocation URL the way the system does: among the
/// registered experience URLs that are a prefix of the invocation URL, the most specific wins.
///
/// An experience URL matches when its scheme and host equal the invocation's (host compared
/// case-insensitively), its path is a prefix of the invocation's path, and each of its query
/// items appears in the invocation's query. The longest matching path wins; on a tie, the
/// experience with more query items; on a further tie, the one registered first.
package struct AppClipExperienceSelector: Sendable {
    /// A registered experience: an identifier of your choice and its URL.
    package struct Experience: Sendable, Equatable {
        /// Your name for the experience (for example its App Store Connect identifier).
        package let identifier: String
        /// The registered URL prefix.
        package let url: URL

        /// Creates an experience.
        package init(identifier: String, url: URL) {
            self.identifier = identifier
            self.url = url
        }
    }

    /// The registered experiences, in registration order.
    package let experiences: [Experience]

    /// Creates a selector over registered experiences.
    package init(experiences: [Experience]) {
        self.experiences = experiences
    }

    /// Whether every item of `items` appears in `query`.
    private static func query(_ query: [URLQueryItem], includes items: [URLQueryItem]) -> Bool {
        for item in items where !query.contains(item) { return false }
        return true
    }

    /// The most specific experience whose URL is a prefix of `invocation`, or `nil` when none is.
    package func experience(for invocation: URL) -> Experience? {
        guard let target = Parts(invocation) else { return nil }
        var best: (experience: Experience, pathLength: Int, queryCount: Int)?
        for experience in experiences {
            guard let registered = Parts(experience.url),
                  registered.scheme == target.scheme, registered.host == target.host,
                  target.path.hasPrefix(registered.path), Self.query(target.query, includes: registered.query) else { continue }
            let candidate = (experience, registered.path.count, registered.query.count)
            if let current = best {
                if candidate.1 > current.pathLength || (candidate.1 == current.pathLength && candidate.2 > current.queryCount) {
                    best = candidate
                }
            } else {
                best = candidate
            }
        }
        return best?.experience
    }

    private struct Parts {
        let scheme: String
        let host: String
        let path: String
        let query: [URLQueryItem]

        init?(_ url: URL) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                  let scheme = components.scheme?.lowercased(), let host = components.percentEncodedHost?.lowercased() else {
                return nil
            }
            self.scheme = scheme
            self.host = host
            self.path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            self.query = components.queryItems ?? []
        }
    }
}

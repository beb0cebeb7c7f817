import ClipKit
import Foundation

/// One advanced App Clip experience as App Store Connect holds it: the attributes ClipKit manages.
public struct AppClipExperience: Sendable, Hashable, Codable {
    /// The place of an experience at a physical location.
    public struct Place: Sendable, Hashable, Codable {
        /// The place's name.
        public var name: String
        /// The latitude, in degrees.
        public var latitude: Double
        /// The longitude, in degrees.
        public var longitude: Double
        /// The action Maps offers, such as `RESTAURANT_ORDER_FOOD`.
        public var mapAction: String

        /// Creates a place.
        public init(name: String, latitude: Double, longitude: Double, mapAction: String) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.mapAction = mapAction
        }
    }

    /// The invocation URL prefix (`link`): the experience applies to URLs that start with it.
    public var link: String
    /// The verb on the App Clip card (`action`): `OPEN`, `VIEW` or `PLAY`.
    public var action: String
    /// The manifest route or place the experience comes from.
    public var source: String
    /// The place, for an experience at a physical location.
    public var place: Place?

    /// Creates an experience.
    public init(link: String, action: String = "OPEN", source: String, place: Place? = nil) {
        self.link = link
        self.action = action
        self.source = source
        self.place = place
    }

    /// Whether App Store Connect would need an update to match `other` (the source is ClipKit's own note).
    func differs(from other: AppClipExperience) -> Bool {
        link != other.link || action != other.action || place != other.place
    }
}

/// The advanced App Clip experiences a manifest implies.
///
/// Each route the clip handles gives one experience whose link is the route's invocation URL
/// prefix (the pattern's host and the literal path before its first capture); each place gives
/// one at its URL with its name, coordinates and map action. A place's URL may share a route's
/// prefix: the more specific link wins on a device, as ``AppClipExperienceSelector`` does.
public struct AppClipExperiencePlan: Sendable, Hashable, Encodable {
    /// The experiences, routes first, then places, without repeated links.
    public let experiences: [AppClipExperience]

    /// Derives the plan from `manifest`.
    public init(manifest: ClipManifest) {
        var result: [AppClipExperience] = []
        var links: Set<String> = []
        for route in manifest.routes where route.handledBy == .clip {
            for source in route.patterns {
                guard let pattern = try? RoutePattern(parsing: source) else { continue }
                let link = "https://\(pattern.host)\(pattern.literalPathPrefix)"
                if links.insert(link).inserted {
                    result.append(AppClipExperience(link: link, source: "route \(route.name)"))
                }
            }
        }
        for place in manifest.places where links.insert(place.url).inserted {
            result.append(AppClipExperience(
                link: place.url, source: "place \(place.name)",
                place: .init(name: place.name, latitude: place.latitude, longitude: place.longitude, mapAction: place.mapAction)
            ))
        }
        experiences = result
    }

    /// Creates a plan from experiences.
    public init(experiences: [AppClipExperience]) {
        self.experiences = experiences
    }
}

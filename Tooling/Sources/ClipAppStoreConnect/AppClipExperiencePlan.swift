import ClipKit
import ClipManifestReader
import Foundation

/// One advanced App Clip experience as App Store Connect holds it: the attributes ClipKit manages.
package struct AppClipExperience: Sendable, Hashable, Codable {
    /// The place of an experience at a physical location.
    package struct Place: Sendable, Hashable, Codable {
        /// The place's name.
        package var name: String
        /// The latitude, in degrees.
        package var latitude: Double
        /// The longitude, in degrees.
        package var longitude: Double
        /// The action Maps offers, such as `RESTAURANT_ORDER_FOOD`.
        package var mapAction: String
        /// The radius of the region location confirmation checks around the place, in metres
        /// (`places[].radius`, 100 when the manifest gives none). The clip uses it; App Store
        /// Connect holds no radius, so a place read from it has none and a push never sends one.
        package var radius: Double?

        /// Creates a place.
        package init(name: String, latitude: Double, longitude: Double, mapAction: String, radius: Double? = nil) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.mapAction = mapAction
            self.radius = radius
        }

        /// The radius of a place that gives none, in metres: the clip's default region.
        package static let defaultRadius: Double = 100

        /// The place as App Store Connect holds it: without the clip's radius.
        var asStored: Place {
            Place(name: name, latitude: latitude, longitude: longitude, mapAction: mapAction)
        }
    }

    /// The invocation URL prefix (`link`): the experience applies to URLs that start with it.
    package var link: String
    /// The verb on the App Clip card (`action`): `OPEN`, `VIEW` or `PLAY`.
    package var action: String
    /// The manifest route or place the experience comes from.
    package var source: String
    /// The place, for an experience at a physical location.
    package var place: Place?
    /// The card's header image, when the manifest names one; without one, App Store Connect's
    /// image (if any) is left as it is.
    package var headerImage: AppClipHeaderImage?

    /// Creates an experience.
    package init(link: String, action: String = "OPEN", source: String, place: Place? = nil, headerImage: AppClipHeaderImage? = nil) {
        self.link = link
        self.action = action
        self.source = source
        self.place = place
        self.headerImage = headerImage
    }

    /// Whether App Store Connect would need an update to match `other` (the source is ClipKit's own note).
    package func differs(from other: AppClipExperience) -> Bool {
        link != other.link || action != other.action || place?.asStored != other.place?.asStored
    }
}

/// The advanced App Clip experiences a manifest implies.
///
/// Each route the clip handles gives one experience whose link is the route's invocation URL
/// prefix (the pattern's host and the literal path before its first capture); each place gives
/// one at its URL with its name, coordinates and map action. A place's URL may share a route's
/// prefix: the more specific link wins on a device, as ClipSite's `AppClipExperienceSelector` does.
/// A place whose URL is exactly a route's prefix (`https://museum.example/x/`) cannot be a second
/// experience with the same link, so it is planned on the route's: that experience gets the place's
/// name, coordinates and map action (and its header image, when it names one), and its source names
/// both. A route's or a place's `headerImage` becomes its experiences' card image, checked when the
/// plan is made (see ``AppClipHeaderImage``).
package struct AppClipExperiencePlan: Sendable, Hashable, Encodable {
    /// The experiences, routes first, then places, without repeated links.
    package let experiences: [AppClipExperience]

    /// Derives the plan from `manifest`, read from `manifestFile`; header images are named
    /// relative to that file's folder (the current folder when it is `nil`).
    ///
    /// - Throws: ``/ClipManifestReader/ManifestError/invalid(file:issues:)`` with one issue per header image that is
    ///   missing, not a PNG or JPEG file, or not 1800 × 1200 pixels, at its manifest path.
    package init(manifest: ClipManifest, manifestFile: String? = nil) throws(ManifestError) {
        let folder = manifestFile.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var issues: [ManifestIssue] = []
        func image(_ path: String?, key: String) -> AppClipHeaderImage? {
            guard let path else { return nil }
            let loaded = AppClipHeaderImage.load(path: path, manifestKey: key, relativeTo: folder)
            if let issue = loaded.issue { issues.append(issue) }
            return loaded.image
        }
        var result: [AppClipExperience] = []
        var links: Set<String> = []
        for (index, route) in manifest.routes.enumerated() where route.handledBy == .clip {
            let headerImage = image(route.headerImage, key: "$.routes[\(index)].headerImage")
            for source in route.patterns {
                guard let pattern = try? RoutePattern(parsing: source) else { continue }
                let link = "https://\(pattern.host)\(pattern.literalPathPrefix)"
                if links.insert(link).inserted {
                    result.append(AppClipExperience(link: link, source: "route \(route.name)", headerImage: headerImage))
                }
            }
        }
        for (index, place) in manifest.places.enumerated() {
            let location = AppClipExperience.Place(
                name: place.name, latitude: place.latitude, longitude: place.longitude, mapAction: place.mapAction,
                radius: place.radius ?? AppClipExperience.Place.defaultRadius
            )
            let headerImage = image(place.headerImage, key: "$.places[\(index)].headerImage")
            if links.insert(place.url).inserted {
                result.append(AppClipExperience(link: place.url, source: "place \(place.name)", place: location, headerImage: headerImage))
            } else if let shared = result.firstIndex(where: { $0.link == place.url && $0.place == nil }) {
                // The link is a route's prefix (the manifest's checks refuse two places with one URL).
                result[shared].place = location
                result[shared].source = "place \(place.name), at the prefix of \(result[shared].source)"
                if let headerImage { result[shared].headerImage = headerImage }
            }
        }
        if !issues.isEmpty { throw .invalid(file: manifestFile ?? "clipkit.json", issues: issues) }
        experiences = result
    }

    /// Creates a plan from experiences.
    package init(experiences: [AppClipExperience]) {
        self.experiences = experiences
    }
}

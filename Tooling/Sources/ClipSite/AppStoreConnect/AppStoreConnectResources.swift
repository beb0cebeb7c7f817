// The JSON:API shapes of the App Store Connect API for `appClipAdvancedExperiences`, as documented.

struct ASCDocument<Payload: Codable & Sendable>: Codable, Sendable {
    struct Links: Codable, Sendable {
        let next: String?
    }

    let data: Payload
    let links: Links?
}

/// `AppClipAdvancedExperience.Attributes` (the parts ClipKit manages) and the update's `removed`.
struct ASCAttributes: Codable, Sendable, Hashable {
    struct Coordinates: Codable, Sendable, Hashable {
        let latitude: Double
        let longitude: Double
    }

    struct DisplayPoint: Codable, Sendable, Hashable {
        let coordinates: Coordinates
        let source: String?
    }

    /// `AppClipAdvancedExperience.Place`.
    struct Place: Codable, Sendable, Hashable {
        let names: [String]?
        let displayPoint: DisplayPoint?
        let mapAction: String?
        let relationship: String?
    }

    var link: String?
    var action: String?
    var isPoweredBy: Bool?
    var place: Place?
    var status: String?
    var removed: Bool?

    static let removal = ASCAttributes(link: nil, action: nil, isPoweredBy: nil, place: nil, status: nil, removed: true)

    init(link: String?, action: String?, isPoweredBy: Bool?, place: Place?, status: String?, removed: Bool?) {
        self.link = link
        self.action = action
        self.isPoweredBy = isPoweredBy
        self.place = place
        self.status = status
        self.removed = removed
    }

    init(_ experience: AppClipExperience, removed: Bool?) {
        link = experience.link
        action = experience.action
        isPoweredBy = false
        place = experience.place.map {
            Place(names: [$0.name], displayPoint: DisplayPoint(coordinates: Coordinates(latitude: $0.latitude, longitude: $0.longitude), source: "MANUALLY_PLACED"),
                  mapAction: $0.mapAction, relationship: "OWNER")
        }
        status = nil
        self.removed = removed
    }
}

struct ASCResource: Codable, Sendable {
    let type: String
    let id: String
    let attributes: ASCAttributes?

    var remote: RemoteAppClipExperience {
        let attributes = self.attributes
        let place = attributes?.place.flatMap { place -> AppClipExperience.Place? in
            guard let point = place.displayPoint?.coordinates else { return nil }
            return AppClipExperience.Place(name: place.names?.first ?? "", latitude: point.latitude, longitude: point.longitude, mapAction: place.mapAction ?? "")
        }
        return RemoteAppClipExperience(
            id: id,
            experience: AppClipExperience(link: attributes?.link ?? "", action: attributes?.action ?? "OPEN", source: "App Store Connect", place: place),
            isRemoved: attributes?.status == "DEACTIVATED" || attributes?.removed == true
        )
    }
}

struct ASCIdentifier: Codable, Sendable {
    let type: String
    let id: String
}

struct ASCCreate: Codable, Sendable {
    struct Relationships: Codable, Sendable {
        struct AppClip: Codable, Sendable { let data: ASCIdentifier }
        let appClip: AppClip
    }

    var type = "appClipAdvancedExperiences"
    let attributes: ASCAttributes
    let relationships: Relationships

    init(attributes: ASCAttributes, relationships: Relationships) {
        self.attributes = attributes
        self.relationships = relationships
    }
}

struct ASCUpdate: Codable, Sendable {
    var type = "appClipAdvancedExperiences"
    let id: String
    let attributes: ASCAttributes

    init(id: String, attributes: ASCAttributes) {
        self.id = id
        self.attributes = attributes
    }
}

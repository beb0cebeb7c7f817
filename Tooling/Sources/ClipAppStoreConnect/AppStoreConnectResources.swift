// The JSON:API shapes of the App Store Connect API for `appClipAdvancedExperiences`, their header
// images (`appClipAdvancedExperienceImages`) and the domain statuses of build bundles, as documented.

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
    /// `AppClipAdvancedExperience.Relationships`: the header image (its `data` only when included).
    struct Relationships: Codable, Sendable {
        let headerImage: ASCToOne?
    }

    let type: String
    let id: String
    let attributes: ASCAttributes?
    let relationships: Relationships?

    /// The experience, with its header image when the listing included it in `images`.
    func remote(images: [String: ASCImageResource]) -> RemoteAppClipExperience {
        let attributes = self.attributes
        let place = attributes?.place.flatMap { place -> AppClipExperience.Place? in
            guard let point = place.displayPoint?.coordinates else { return nil }
            return AppClipExperience.Place(name: place.names?.first ?? "", latitude: point.latitude, longitude: point.longitude, mapAction: place.mapAction ?? "")
        }
        let image = relationships?.headerImage?.data.map { reference in
            let included = images[reference.id]?.attributes
            return RemoteHeaderImage(id: reference.id, checksum: included?.sourceFileChecksum, fileName: included?.fileName,
                                     state: included?.assetDeliveryState?.state)
        }
        return RemoteAppClipExperience(
            id: id,
            experience: AppClipExperience(link: attributes?.link ?? "", action: attributes?.action ?? "OPEN", source: "App Store Connect", place: place),
            isRemoved: attributes?.status == "DEACTIVATED" || attributes?.removed == true,
            headerImage: image
        )
    }
}

/// A to-one relationship: `data` is the related resource's type and ID, or `null`.
struct ASCToOne: Codable, Sendable {
    let data: ASCIdentifier?
}

/// `AppClipAdvancedExperiencesResponse`: a page of experiences and the resources `include` asked for.
struct ASCExperienceList: Decodable, Sendable {
    let data: [ASCResource]
    let included: [ASCIncluded]?
    let links: ASCDocument<[ASCResource]>.Links?
}

/// One included resource; only header images are read, other types are skipped.
struct ASCIncluded: Decodable, Sendable {
    let image: ASCImageResource?

    init(from decoder: any Decoder) throws {
        image = try? ASCImageResource(from: decoder)
    }
}

/// `AppClipAdvancedExperienceImage`.
struct ASCImageResource: Codable, Sendable {
    /// `AppClipAdvancedExperienceImage.Attributes`, with `UploadOperation` and `AppMediaAssetState`.
    struct Attributes: Codable, Sendable {
        struct UploadOperation: Codable, Sendable {
            /// `HttpHeader`.
            struct Header: Codable, Sendable {
                let name: String?
                let value: String?
            }

            let method: String?
            let url: String?
            let length: Int?
            let offset: Int?
            let requestHeaders: [Header]?
        }

        struct DeliveryState: Codable, Sendable {
            /// `AppMediaStateError`.
            struct Problem: Codable, Sendable {
                let code: String?
                let description: String?
            }

            let errors: [Problem]?
            let state: String?
        }

        let fileName: String?
        let fileSize: Int?
        let sourceFileChecksum: String?
        let uploadOperations: [UploadOperation]?
        let assetDeliveryState: DeliveryState?
    }

    let type: String
    let id: String
    let attributes: Attributes?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        guard type == "appClipAdvancedExperienceImages" else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "not an appClipAdvancedExperienceImages resource")
        }
        id = try container.decode(String.self, forKey: .id)
        attributes = try container.decodeIfPresent(Attributes.self, forKey: .attributes)
    }
}

/// `AppClipAdvancedExperienceImageCreateRequest.Data`: the reservation.
struct ASCImageReservation: Codable, Sendable {
    struct Attributes: Codable, Sendable {
        let fileName: String
        let fileSize: Int
    }

    var type = "appClipAdvancedExperienceImages"
    let attributes: Attributes

    init(attributes: Attributes) {
        self.attributes = attributes
    }
}

/// `AppClipAdvancedExperienceImageUpdateRequest.Data`: the commit.
struct ASCImageCommit: Codable, Sendable {
    struct Attributes: Codable, Sendable {
        let sourceFileChecksum: String
        let uploaded: Bool
    }

    var type = "appClipAdvancedExperienceImages"
    let id: String
    let attributes: Attributes

    init(id: String, attributes: Attributes) {
        self.id = id
        self.attributes = attributes
    }
}

/// `AppClipDomainStatus`: one of a build bundle's two domain statuses.
struct ASCDomainStatusResource: Codable, Sendable {
    struct Attributes: Codable, Sendable {
        /// `AppClipDomainStatus.Attributes.Domains`.
        struct Domain: Codable, Sendable {
            let domain: String?
            let isValid: Bool?
            let lastUpdatedDate: String?
            let errorCode: String?
        }

        let domains: [Domain]?
        let lastUpdatedDate: String?
    }

    let type: String
    let id: String
    let attributes: Attributes?
}

/// `BuildResponse` with `include=buildBundles`: the build's bundles, in `included`.
struct ASCBuildWithBundles: Decodable, Sendable {
    struct Bundle: Decodable, Sendable {
        /// `BuildBundle.Attributes` (the parts ClipKit reads).
        struct Attributes: Decodable, Sendable {
            let bundleId: String?
            let bundleType: String?
        }

        let type: String
        let id: String
        let attributes: Attributes?
    }

    let included: [Bundle]?
}

struct ASCIdentifier: Codable, Sendable {
    let type: String
    let id: String
}

struct ASCCreate: Codable, Sendable {
    struct Relationships: Codable, Sendable {
        struct AppClip: Codable, Sendable { let data: ASCIdentifier }
        let appClip: AppClip
        var headerImage: ASCToOne?
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
    struct Relationships: Codable, Sendable {
        let headerImage: ASCToOne
    }

    var type = "appClipAdvancedExperiences"
    let id: String
    let attributes: ASCAttributes
    var relationships: Relationships?

    init(id: String, attributes: ASCAttributes, relationships: Relationships? = nil) {
        self.id = id
        self.attributes = attributes
        self.relationships = relationships
    }
}

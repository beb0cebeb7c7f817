import ClipKit
import Foundation

/// The circle a physical invocation must have happened in: a manifest place's coordinates and a
/// radius of at most 500 metres, the largest region `APActivationPayload.confirmAcquired(in:)` accepts.
public struct LocationConfirmationRegion: Sendable, Hashable {
    /// The largest radius the system confirms, in metres.
    public static let maximumRadius: Double = 500
    /// The radius used when none is given, in metres: a café and its terrace.
    public static let defaultRadius: Double = 100

    /// The centre's latitude, in degrees.
    public let latitude: Double
    /// The centre's longitude, in degrees.
    public let longitude: Double
    /// The radius, in metres.
    public let radius: Double
    /// A name for the region (the place's name).
    public let identifier: String

    /// A region around `latitude`, `longitude`.
    ///
    /// - Throws: ``LocationConfirmationError/invalidRegion(_:)`` when a coordinate is out of range
    ///   or the radius is not in 0 < radius ≤ 500 metres.
    public init(latitude: Double, longitude: Double, radius: Double = Self.defaultRadius, identifier: String) throws {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw LocationConfirmationError.invalidRegion("latitude \(latitude) of '\(identifier)' is not between -90 and 90 degrees")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw LocationConfirmationError.invalidRegion("longitude \(longitude) of '\(identifier)' is not between -180 and 180 degrees")
        }
        guard radius.isFinite, radius > 0, radius <= Self.maximumRadius else {
            throw LocationConfirmationError.invalidRegion("radius \(radius) m of '\(identifier)' is not more than 0 and at most \(Int(Self.maximumRadius)) m, which the system requires")
        }
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.identifier = identifier
    }

    /// The region around a manifest place.
    public init(place: ClipManifest.Place, radius: Double = Self.defaultRadius) throws {
        try self.init(latitude: place.latitude, longitude: place.longitude, radius: radius, identifier: place.name)
    }
}

/// Why a location confirmation could not be set up.
public enum LocationConfirmationError: Error, Sendable, Equatable, CustomStringConvertible, ClipKitError {
    /// The region is out of range; the message names the value.
    case invalidRegion(String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidRegion(let message): "Location confirmation: \(message). Correct the place in clipkit.json or the radius passed in."
        }
    }

    /// What to do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidRegion: "Correct the place's coordinates in clipkit.json, or pass a radius of at most 500 m."
        }
    }
}

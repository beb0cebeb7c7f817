// Declarations of Core Location's regions, as Apple documents them.
import AppleFoundationShim

/// A distance in metres.
public typealias CLLocationDistance = Double
/// A latitude or longitude in degrees.
public typealias CLLocationDegrees = Double

/// A latitude and longitude.
public struct CLLocationCoordinate2D: @unchecked Sendable {
    /// The latitude in degrees.
    public var latitude: CLLocationDegrees
    /// The longitude in degrees.
    public var longitude: CLLocationDegrees

    /// The coordinate (0, 0).
    public init() { fatalError() }

    /// A coordinate.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) { fatalError() }
}

/// A geographic area.
@available(iOS 4.0, macOS 10.7, *)
open class CLRegion: NSObject {
    /// The region's name.
    @available(iOS 4.0, macOS 10.7, *)
    open var identifier: String { fatalError() }
}

/// A circle on the map.
@available(iOS 7.0, macOS 10.10, *)
open class CLCircularRegion: CLRegion {
    /// A circle of `radius` metres around `center`.
    @available(iOS 7.0, macOS 10.10, *)
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) { fatalError() }

    /// The centre.
    @available(iOS 7.0, macOS 10.10, *)
    open var center: CLLocationCoordinate2D { fatalError() }

    /// The radius in metres.
    @available(iOS 7.0, macOS 10.10, *)
    open var radius: CLLocationDistance { fatalError() }
}

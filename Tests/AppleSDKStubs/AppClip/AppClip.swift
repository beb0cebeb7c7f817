// Declarations of the App Clip framework, as Apple documents them.
import AppleFoundationShim
import CoreLocation

/// What the system hands an App Clip launched by a physical code or tag.
@available(iOS 14.0, *)
open class APActivationPayload: NSObject {
    /// The invocation URL.
    @available(iOS 14.0, *)
    open var url: URL? { fatalError() }

    /// Checks whether the invocation happened inside `region` (a `CLCircularRegion` of at most
    /// 500 metres).
    @available(iOS 14.0, *)
    open func confirmAcquired(in region: CLRegion, completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void) { fatalError() }

    /// Checks whether the invocation happened inside `region`.
    @available(iOS 14.0, *)
    open func confirmAcquired(in region: CLRegion) async throws -> Bool { fatalError() }
}

/// The errors of an activation payload.
@available(iOS 14.0, *)
public struct APActivationPayloadError: Error, Equatable, Sendable {
    /// The error codes.
    @available(iOS 14.0, *)
    public enum Code: Int, @unchecked Sendable, Equatable {
        /// The person denied location access, or the invocation was not from a tag or a code.
        case disallowed = 1
        /// The URL does not match the App Clip's registered URL.
        case doesNotMatch = 2
    }

    /// The error's code.
    public var code: Code { fatalError() }

    /// The error domain.
    public static var errorDomain: String { fatalError() }

    /// The person denied location access, or the invocation was not from a tag or a code.
    public static var disallowed: Code { fatalError() }

    /// The URL does not match the App Clip's registered URL.
    public static var doesNotMatch: Code { fatalError() }

    /// Compares two errors.
    public static func == (lhs: Self, rhs: Self) -> Bool { fatalError() }
}

@available(iOS 14.0, *)
extension NSUserActivity {
    /// The activation payload of an App Clip launch; `nil` for other activities.
    @available(iOS 14.0, *)
    public var appClipActivationPayload: APActivationPayload? { fatalError() }
}

#if canImport(AppClip) && canImport(CoreLocation) && os(iOS)
import AppClip
import CoreLocation
import Foundation

/// Confirms a physical invocation's location with the activation payload iOS handed the clip:
/// `APActivationPayload.confirmAcquired(in:)` over a `CLCircularRegion` of the place.
public struct ActivationPayloadLocationConfirmer: LocationConfirmer, @unchecked Sendable {
    // The payload is an immutable object the system made; it is only asked, never changed.
    private let payload: APActivationPayload

    /// A confirmer for the payload of the activity that launched or continued the clip; `nil` when
    /// the activity carries none (the clip was not opened by a code or a tag).
    public init?(userActivity: NSUserActivity) {
        guard let payload = userActivity.appClipActivationPayload else { return nil }
        self.payload = payload
    }

    /// Asks the system; its error codes become ``LocationConfirmationUnavailability`` cases.
    public func confirmAcquired(in region: LocationConfirmationRegion) async -> LocationConfirmationResult {
        let circle = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: region.latitude, longitude: region.longitude),
            radius: region.radius, identifier: region.identifier
        )
        return await withCheckedContinuation { continuation in
            payload.confirmAcquired(in: circle) { inRegion, error in
                guard let error else {
                    continuation.resume(returning: inRegion ? .confirmed : .notConfirmed)
                    return
                }
                if let payloadError = error as? APActivationPayloadError {
                    if payloadError.code == .disallowed {
                        continuation.resume(returning: .unavailable(.disallowed))
                        return
                    }
                    if payloadError.code == .doesNotMatch {
                        continuation.resume(returning: .unavailable(.urlDoesNotMatch))
                        return
                    }
                }
                continuation.resume(returning: .unavailable(.failed(error.localizedDescription)))
            }
        }
    }
}

extension LocationConfirmation {
    /// Takes the invocation a web-browsing user activity carries, with its activation payload
    /// (none when a link, not a code or a tag, opened the clip).
    public func receive(userActivity activity: NSUserActivity) {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL else { return }
        receive(invocation: url, confirmer: ActivationPayloadLocationConfirmer(userActivity: activity))
    }
}
#endif

import ClipKit
import Foundation

/// Confirms, before the clip does something that needs the person at the place (accepting a
/// table's order, unlocking a scooter), that the code or tag was scanned there.
///
/// It finds the manifest place whose URL is a prefix of the invocation URL (the longest), builds a
/// region of at most 500 metres around it, and asks the ``LocationConfirmer`` of the invocation
/// once; a later call for the same invocation gets the same answer, a new invocation asks again.
/// The state goes to its observers through ``changes``.
@MainActor
public final class LocationConfirmation {
    /// Where a confirmation stands.
    public enum State: Sendable, Hashable {
        /// Nothing asked yet.
        case idle
        /// Waiting for the system.
        case confirming
        /// The answer.
        case finished(LocationConfirmationResult)
    }

    /// Whether the manifest asks for location confirmation.
    public let isRequested: Bool
    /// The manifest's places.
    public let places: [ClipManifest.Place]
    /// The radius of the region around a place that gives none (`places[].radius`), in metres (at most 500).
    public let radius: Double

    /// The current state.
    public private(set) var state: State = .idle {
        didSet { if state != oldValue { changes.send(state) } }
    }

    /// Every new state, for a SwiftUI wrapper or a test.
    public let changes = StateBroadcast<State>()

    private var invocation: (url: URL, confirmer: (any LocationConfirmer)?)?
    private var pending: Task<LocationConfirmationResult, Never>?

    /// A confirmation for the clip `manifest` describes, with a region of each place's `radius`, or
    /// ``LocationConfirmationRegion/defaultRadius`` around a place that gives none.
    public init(manifest: ClipManifest) {
        isRequested = manifest.clip.requestsLocationConfirmation
        places = manifest.places
        radius = LocationConfirmationRegion.defaultRadius
    }

    /// A confirmation for the clip `manifest` describes, with regions of `radius` metres around the
    /// places that give no radius of their own.
    ///
    /// - Throws: ``LocationConfirmationError/invalidRegion(_:)`` when `radius` is not in 0 < radius ≤ 500.
    public init(manifest: ClipManifest, radius: Double) throws {
        _ = try LocationConfirmationRegion(latitude: 0, longitude: 0, radius: radius, identifier: "radius")
        isRequested = manifest.clip.requestsLocationConfirmation
        places = manifest.places
        self.radius = radius
    }

    /// Takes a new invocation: its URL and what can confirm it (`nil` when the clip was not opened
    /// by a code or a tag). The previous answer is forgotten.
    public func receive(invocation url: URL, confirmer: (any LocationConfirmer)?) {
        pending?.cancel()
        pending = nil
        invocation = (url, confirmer)
        state = .idle
    }

    /// The place whose URL is the longest prefix of `url` (same scheme and host, case-insensitively;
    /// the place's path a prefix of the URL's), or `nil`.
    public func place(for url: URL) -> ClipManifest.Place? {
        guard let target = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        var best: (place: ClipManifest.Place, length: Int)?
        for place in places {
            guard let registered = URLComponents(string: place.url),
                  registered.scheme?.lowercased() == target.scheme?.lowercased(),
                  registered.host?.lowercased() == target.host?.lowercased() else { continue }
            let prefix = registered.percentEncodedPath.isEmpty ? "/" : registered.percentEncodedPath
            let path = target.percentEncodedPath.isEmpty ? "/" : target.percentEncodedPath
            guard path.hasPrefix(prefix) else { continue }
            if prefix.count > best?.length ?? -1 { best = (place, prefix.count) }
        }
        return best?.place
    }

    /// Confirms the current invocation's location, asking the system at most once per invocation.
    @discardableResult
    public func confirm() async -> LocationConfirmationResult {
        if case .finished(let result) = state { return result }
        if let pending { return await pending.value }
        let result: LocationConfirmationResult
        guard let invocation else { return finish(.unavailable(.noPhysicalInvocation)) }
        guard isRequested else { return finish(.unavailable(.notRequested)) }
        guard let place = place(for: invocation.url) else { return finish(.unavailable(.noPlace(url: invocation.url.absoluteString))) }
        guard let confirmer = invocation.confirmer else { return finish(.unavailable(.noPhysicalInvocation)) }
        let region: LocationConfirmationRegion
        do {
            region = try LocationConfirmationRegion(place: place, radius: place.radius ?? radius)
        } catch {
            return finish(.unavailable(.failed((error as? any LocalizedError)?.errorDescription ?? "\(error)")))
        }
        state = .confirming
        let task = Task { await confirmer.confirmAcquired(in: region) }
        pending = task
        result = await task.value
        // A newer invocation arrived while the system answered: this answer is not its answer.
        guard pending == task else { return result }
        pending = nil
        return finish(result)
    }

    private func finish(_ result: LocationConfirmationResult) -> LocationConfirmationResult {
        state = .finished(result)
        return result
    }
}

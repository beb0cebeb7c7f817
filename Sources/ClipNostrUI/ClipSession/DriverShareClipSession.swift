import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipNostr
import Foundation

/// One running driver-share clip: each routed invocation of the driver route shows a fresh
/// ``DriverPreviewModel`` with its own install promotion.
///
/// This is the composition a driver-share clip's SwiftUI entry point renders (RoadFlare's) and
/// that `clipkit simulate` drives headless. A clip makes it in one line,
/// `try DriverShareClipSession(configuration: ClipConfiguration.self)`, or from any runtime built with
/// ClipNostr's parameter kinds (here ClipManifestReader's, from a manifest file, as tools and tests do):
///
/// ```swift
/// let session = try DriverShareClipSession(runtime: ClipRuntime(manifestAt: url, containerDirectory: folder,
///                                                               parameterKinds: .standardWithNostr))
/// session.inbox.receive(.webpage(url))
/// if case .content(let preview, let promotion) = session.screen {
///     await preview.load()
///     try await preview.offerHandoff()      // "Get the app"
///     promotion.isOverlayPresented          // true: the App Store overlay is up
/// }
/// ```
///
/// The handoff goes into the session's store under the type the route names in `clipkit.json`
/// (`routes[].handoff`), or ``DriverHandoff/handoffTypeName``.
@available(iOS 16.0, *)
public typealias DriverShareClipSession = ClipFlowSession<DriverShareClipFlow>

/// The driver-share flow (``DriverShareClipSession``): a link of the driver route shows the
/// driver's verified profile, fetched from the relays, with "Get the app" handing the driver off.
@available(iOS 16.0, *)
public struct DriverShareClipFlow: ClipFlow, Sendable {
    /// ClipKit's standard parameter kinds and ClipNostr's (`npub`, `nostrProfile`, `nostrPerson`).
    public static var parameterKinds: ParameterKindRegistry { .standardWithNostr }

    /// Fetches driver profiles.
    public let loader: any DriverProfileLoading
    /// The route whose links show a driver.
    public let driverRoute: String
    /// The route parameter with the driver's npub.
    public let driverParameter: String
    /// How long each preview waits for relays.
    public let deadline: Duration
    /// Checks each shown profile's `nip05` field; `nil` shows no NIP-05 address as verified.
    public let nip05Verifier: NIP05Verifier?

    /// Creates the flow.
    ///
    /// - Parameters:
    ///   - loader: Fetches driver profiles (``RelayProfileLoader`` in the clip).
    ///   - driverRoute: The route whose links show a driver; `driverShare` in RoadFlare's manifest.
    ///   - driverParameter: The route parameter with the npub.
    ///   - deadline: How long each preview waits for relays.
    ///   - nip05Verifier: Checks each shown profile's `nip05` field (https only, capped, with its
    ///     own timeout); `nil` shows no NIP-05 address as verified.
    public init(
        loader: any DriverProfileLoading, driverRoute: String = "driverShare", driverParameter: String = "npub",
        deadline: Duration = DriverPreviewModel.defaultDeadline, nip05Verifier: NIP05Verifier? = NIP05Verifier()
    ) {
        self.loader = loader
        self.driverRoute = driverRoute
        self.driverParameter = driverParameter
        self.deadline = deadline
        self.nip05Verifier = nip05Verifier
    }

    /// Creates the flow from the runtime: the relays of the manifest's `nostr.relays`, and as the
    /// driver route the first clip route with an `npub` parameter (`driverShare` by default).
    ///
    /// - Throws: ``/ClipKit/ClipSetupError/flow(_:)`` when the manifest lists no usable relays.
    public init(runtime: ClipRuntime) throws {
        let loader: RelayProfileLoader
        do {
            loader = try RelayProfileLoader(manifest: runtime.manifest)
        } catch {
            throw ClipSetupError.flow("\(error)")
        }
        let driverRoute = runtime.router.routes.first { $0.handledBy == .clip && $0.parameterKinds["npub"]?.name == "npub" }
        self.init(loader: loader, driverRoute: driverRoute?.name ?? "driverShare")
    }

    /// The driver's preview for a link of the driver route, handing off into the session's store;
    /// `nil` for another route.
    public func content(for match: RouteMatch, promotion: InstallPromotionController, in session: DriverShareClipSession) -> DriverPreviewModel? {
        guard match.route == driverRoute, let npub = match.parameters[driverParameter] else { return nil }
        return DriverPreviewModel(
            driver: npub, loader: loader, offering: session.store, promotion: promotion, deadline: deadline, linkFragment: match.fragment,
            handoffTypeName: session.inbox.router.route(named: match.route)?.handoffType ?? DriverHandoff.handoffTypeName,
            nip05Verifier: nip05Verifier
        )
    }
}

import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipNostr
import Foundation

/// One running driver-share clip: turns each routed invocation into the screen to show, with a
/// fresh preview model and install promotion per invocation.
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
/// The handoff goes under the type the route names in `clipkit.json` (`routes[].handoff`), or
/// ``DriverHandoff/handoffTypeName``.
@available(iOS 16.0, *)
@MainActor
public final class DriverShareClipSession: ClipSessionModel {
    /// ClipKit's standard parameter kinds and ClipNostr's (`npub`, `nostrProfile`, `nostrPerson`).
    public static var parameterKinds: ParameterKindRegistry { .standardWithNostr }

    /// What the clip shows for a link it handles: the driver's preview.
    public typealias Content = DriverPreviewModel

    /// The inbox every entry point delivers to.
    public let inbox: InvocationInbox
    /// What the clip shows now; changes reach ``changes``.
    public private(set) var screen: Screen = .waitingForInvocation
    /// Every new screen.
    public let changes = StateBroadcast<Screen>()

    private let loader: any DriverProfileLoading
    private let offering: any DriverHandoffOffering
    private let promotionMemory: any InstallPromotionMemory
    private let policy: InstallPromotionPolicy
    private let driverRoute: String
    private let driverParameter: String
    private let deadline: Duration
    private let now: @Sendable () -> Date
    private let nip05Verifier: NIP05Verifier?

    /// Creates a session and starts listening to `inbox`.
    ///
    /// - Parameters:
    ///   - inbox: Where invocations arrive.
    ///   - loader: Fetches driver profiles (``RelayPoolProfileLoader`` in the clip).
    ///   - offering: Leaves the handoff (the App Group's ``/ClipKit/HandoffStore``).
    ///   - promotionMemory: Remembers overlay dismissals (`ClipKitUI.SharedDefaultsPromotionMemory`).
    ///   - policy: When the overlay may show.
    ///   - driverRoute: The route whose links show a driver; `driverShare` in RoadFlare's manifest.
    ///   - driverParameter: The route parameter with the npub.
    ///   - deadline: How long each preview waits for relays.
    ///   - now: The wall clock for the promotion.
    ///   - nip05Verifier: Checks each shown profile's `nip05` field (https only, capped, with its
    ///     own timeout); `nil` shows no NIP-05 address as verified.
    public init(
        inbox: InvocationInbox, loader: any DriverProfileLoading, offering: any DriverHandoffOffering,
        promotionMemory: any InstallPromotionMemory, policy: InstallPromotionPolicy = .standard,
        driverRoute: String = "driverShare", driverParameter: String = "npub",
        deadline: Duration = DriverPreviewModel.defaultDeadline, now: @escaping @Sendable () -> Date = { Date() },
        nip05Verifier: NIP05Verifier? = NIP05Verifier()
    ) {
        self.nip05Verifier = nip05Verifier
        self.inbox = inbox
        self.loader = loader
        self.offering = offering
        self.promotionMemory = promotionMemory
        self.policy = policy
        self.driverRoute = driverRoute
        self.driverParameter = driverParameter
        self.deadline = deadline
        self.now = now
        inbox.deliveries.addObserver(self) { session, invocation in session.show(invocation) }
        if let current = inbox.current { show(current) }
    }

    /// Creates a session from the runtime: its router, the relays of the manifest's `nostr.relays`,
    /// its handoff store and the promotion's memory in its App Group. The driver route is the first
    /// clip route with an `npub` parameter (`driverShare` by default).
    ///
    /// - Throws: ``/ClipKit/ClipSetupError/flow(_:)`` when the manifest lists no usable relays.
    public convenience init(runtime: ClipRuntime) throws(ClipSetupError) {
        let loader: RelayPoolProfileLoader
        do {
            loader = try RelayPoolProfileLoader(manifest: runtime.manifest)
        } catch {
            throw .flow(error.description)
        }
        let driverRoute = runtime.router.routes.first { $0.handledBy == .clip && $0.parameterKinds["npub"]?.name == "npub" }
        self.init(
            inbox: InvocationInbox(router: runtime.router), loader: loader, offering: runtime.handoffs,
            promotionMemory: SharedDefaultsPromotionMemory(defaults: runtime.defaults),
            driverRoute: driverRoute?.name ?? "driverShare"
        )
    }

    private func show(_ invocation: RoutedInvocation) {
        switch invocation.result {
        case .failure(let failure):
            screen = .linkDidNotRoute(failure)
        case .success(let match):
            guard match.route == driverRoute, let npub = match.parameters[driverParameter] else {
                screen = .linkBelongsToTheApp
                changes.send(screen)
                return
            }
            let promotion = InstallPromotionController(policy: policy, memory: promotionMemory, now: now)
            let preview = DriverPreviewModel(
                npub: npub, loader: loader, offering: offering, promotion: promotion, deadline: deadline, linkFragment: match.fragment,
                handoffTypeName: inbox.router.route(named: match.route)?.handoffType ?? DriverHandoff.handoffTypeName,
                nip05Verifier: nip05Verifier
            )
            screen = .content(preview, promotion)
        }
        changes.send(screen)
    }
}

@_spi(ClipKitTooling) import ClipKit

/// What every flow's clip session offers: an inbox that every entry point delivers to, the screen
/// to show — one ``ClipScreen`` shape for every flow, over the flow's own content — and its changes.
///
/// ``ClipSession`` (a clip that shows the app's own views), `DriverShareClipSession` (ClipNostrUI)
/// and `WebBridgeClipSession` (ClipWebBridgeUI) conform, so one SwiftUI wrapper
/// (`ClipSessionView`, `ObservedClipSession`) serves them all, and each is made from a
/// ``/ClipKit/ClipRuntime`` in one line.
@MainActor
public protocol ClipSessionModel: AnyObject {
    /// What the clip shows for a link it handles: the route match, a driver's preview, a page's model.
    associatedtype Content: Sendable

    /// What the clip shows.
    typealias Screen = ClipScreen<Content>

    /// The parameter kinds this flow's routes may use; the runtime's router is built with them.
    static var parameterKinds: ParameterKindRegistry { get }

    /// Creates the session from a runtime built with ``parameterKinds``.
    ///
    /// - Throws: ``/ClipKit/ClipSetupError`` when the flow cannot be set up from the manifest.
    init(runtime: ClipRuntime) throws(ClipSetupError)

    /// The inbox every entry point delivers invocations to.
    var inbox: InvocationInbox { get }
    /// What the clip shows now.
    var screen: Screen { get }
    /// Every new screen.
    var changes: StateBroadcast<Screen> { get }
    /// The confirmation that a code or tag was scanned at the manifest's place, fed each invocation
    /// with its activation payload by ``ClipSessionView``; `nil` for a flow that never asks.
    var locationConfirmation: LocationConfirmation? { get }
}

extension ClipSessionModel {
    /// No location confirmation: the flow never asks.
    public var locationConfirmation: LocationConfirmation? { nil }

    /// ClipKit's standard parameter kinds.
    public static var parameterKinds: ParameterKindRegistry { .standard }

    /// Creates the session from the runtime `configuration` builds: the configuration generated
    /// from `clipkit.json` (`ClipConfiguration.self`), or ClipManifestReader's `BundledManifest.self`,
    /// which reads the bundled file. Its router accepts the configuration's parameter kinds and
    /// this flow's ``parameterKinds``.
    ///
    /// - Throws: ``/ClipKit/ClipSetupError`` naming what is missing.
    public init<Source: ClipRuntimeSource>(configuration: Source.Type) throws(ClipSetupError) {
        try self.init(runtime: Source.runtime(parameterKinds: Source.parameterKinds.merging(Self.parameterKinds)))
    }
}

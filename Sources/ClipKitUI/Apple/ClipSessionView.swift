#if canImport(SwiftUI) && canImport(Combine) && canImport(UserNotifications) && os(iOS)
import ClipKit
import Combine
import SwiftUI
import UserNotifications

/// A clip's root view, the same for every flow: sets the session up once for the scene's lifetime,
/// routes every invocation of the scene into it, and shows its ``ClipScreen`` — a placeholder until
/// an invocation arrives, `content` for a link the clip handles, a message for one it does not.
///
/// ```swift
/// WindowGroup {
///     ClipSessionView(ClipSession.self, configuration: ClipConfiguration.self, receivesNotifications: true) { match, session in
///         MenuView(match: match, order: { try session.handOffRouteParameters() })   // MenuView shows what a refused handoff throws
///     }
/// }
/// ```
///
/// The view does for the content what every clip needs: it presents the App Store overlay when the
/// invocation's ``InstallPromotionController`` decides to (not on Mac Catalyst, which has no App Clip
/// overlay), and gives the content a new identity per invocation, so a second link never shows the
/// first invocation's screen or promotion. With `receivesNotifications`, a tapped notification's
/// `target-content-id` reaches the session too (the view keeps a ``NotificationInvocationForwarder``
/// as the notification center's delegate). When the clip is not set up (no App Group, or no bundled
/// `clipkit.json` for a configuration read at launch), it says what is missing.
public struct ClipSessionView<Flow: ClipFlow, Page: View>: View {
    @StateObject private var setup: ClipSessionSetup<Flow>
    private let page: (Flow.Content, ClipFlowSession<Flow>) -> Page

    /// Sets the session up with `setUp`, once for the scene's lifetime, and shows `content` for each
    /// link the clip handles, with the session that decides.
    public init(
        receivesNotifications: Bool = false, setUp: @escaping @MainActor () throws -> ClipFlowSession<Flow>,
        @ViewBuilder content: @escaping (Flow.Content, ClipFlowSession<Flow>) -> Page
    ) {
        _setup = StateObject(wrappedValue: ClipSessionSetup(setUp: setUp, receivesNotifications: receivesNotifications))
        page = content
    }

    /// Sets a session of `session`'s flow up from `configuration`'s runtime
    /// (``ClipFlowSession/init(configuration:)``): `ClipConfiguration.self`, generated from
    /// `clipkit.json`, or `BundledManifest.self`.
    public init<Source: ClipRuntimeSource>(
        _ session: ClipFlowSession<Flow>.Type, configuration: Source.Type, receivesNotifications: Bool = false,
        @ViewBuilder content: @escaping (Flow.Content, ClipFlowSession<Flow>) -> Page
    ) {
        self.init(receivesNotifications: receivesNotifications, setUp: { try ClipFlowSession<Flow>(configuration: configuration) }, content: content)
    }

    /// The session's screen, or what keeps the clip from being set up.
    public var body: some View {
        switch setup.result {
        case .success(let observed):
            ClipScreenView(clip: observed, page: page)
                .routesInvocations(into: observed.session.inbox, confirmingLocationWith: observed.session.locationConfirmation)
        case .failure(let problem):
            // Verbatim: the problem is the error's own message, not a key of the app's localization tables.
            Text(verbatim: "The clip is not set up: \(problem.description)").multilineTextAlignment(.center).padding()
        }
    }
}

/// Draws a session's ``ClipScreen``: the one place a clip's screen switch, App Store overlay and
/// per-invocation identity are written.
struct ClipScreenView<Flow: ClipFlow, Page: View>: View {
    @ObservedObject var clip: ObservedClipSession<Flow>
    let page: (Flow.Content, ClipFlowSession<Flow>) -> Page

    var body: some View {
        switch clip.screen {
        case .waitingForInvocation:
            ProgressView()
        case .content(let content, let promotion):
            // Each invocation has its own promotion: a new identity per promotion makes SwiftUI drop
            // the previous invocation's view state, and the overlay observe the new controller.
            promoted(page(content, clip.session), by: promotion).id(ObjectIdentifier(promotion))
        case .unsupportedLink(let message):
            Text(message).multilineTextAlignment(.center).padding()
        }
    }

    @ViewBuilder
    private func promoted(_ content: Page, by promotion: InstallPromotionController) -> some View {
        #if !targetEnvironment(macCatalyst)
        content.appStoreOverlay(for: promotion)
        #else
        content
        #endif
    }
}

/// Holds the session a ``ClipSessionView`` set up, and the notification forwarder it keeps.
@MainActor
final class ClipSessionSetup<Flow: ClipFlow>: ObservableObject {
    /// The observed session, or the message that says why the clip is not set up.
    let result: Result<ObservedClipSession<Flow>, SetupProblem>
    private let forwarder: NotificationInvocationForwarder?

    /// Why the clip could not be set up, in words.
    struct SetupProblem: Error, CustomStringConvertible {
        let description: String
    }

    init(setUp: @MainActor () throws -> ClipFlowSession<Flow>, receivesNotifications: Bool) {
        do {
            let session = try setUp()
            result = .success(ObservedClipSession(session: session))
            if receivesNotifications {
                let forwarder = NotificationInvocationForwarder(inbox: session.inbox)
                UNUserNotificationCenter.current().delegate = forwarder
                self.forwarder = forwarder
            } else {
                forwarder = nil
            }
        } catch {
            result = .failure(SetupProblem(description: error.localizedDescription))
            forwarder = nil
        }
    }
}
#endif

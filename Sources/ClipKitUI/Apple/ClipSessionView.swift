#if canImport(SwiftUI) && canImport(Combine) && canImport(UserNotifications) && os(iOS)
import ClipKit
import Combine
import SwiftUI
import UserNotifications

/// A clip's root view: sets the session up once for the scene's lifetime, routes every invocation
/// of the scene into it, and shows `content` with the observed session — or, when the clip is not
/// set up (no App Group, or no bundled `clipkit.json` for a configuration read at launch), what is missing.
///
/// ```swift
/// WindowGroup {
///     ClipSessionView(ClipSession.self, configuration: ClipConfiguration.self, receivesNotifications: true) { clip in
///         MenuView(clip: clip)
///     }
/// }
/// ```
///
/// With `receivesNotifications`, a tapped notification's `target-content-id` reaches the session
/// too (the view keeps a ``NotificationInvocationForwarder`` as the notification center's delegate).
public struct ClipSessionView<Session: ClipSessionModel, Content: View>: View {
    @StateObject private var setup: ClipSessionSetup<Session>
    private let content: (ObservedClipSession<Session>) -> Content

    /// Sets the session up with `setUp`, once for the scene's lifetime.
    public init(
        receivesNotifications: Bool = false, setUp: @escaping @MainActor () throws(ClipSetupError) -> Session,
        @ViewBuilder content: @escaping (ObservedClipSession<Session>) -> Content
    ) {
        _setup = StateObject(wrappedValue: ClipSessionSetup(setUp: setUp, receivesNotifications: receivesNotifications))
        self.content = content
    }

    /// Sets a `Session` up from `configuration`'s runtime (``ClipSessionModel/init(configuration:)``):
    /// `ClipConfiguration.self`, generated from `clipkit.json`, or `BundledManifest.self`.
    public init<Source: ClipRuntimeSource>(
        _ session: Session.Type, configuration: Source.Type, receivesNotifications: Bool = false,
        @ViewBuilder content: @escaping (ObservedClipSession<Session>) -> Content
    ) {
        self.init(
            receivesNotifications: receivesNotifications,
            setUp: { () throws(ClipSetupError) in try Session(configuration: configuration) }, content: content
        )
    }

    /// The content, or what keeps the clip from being set up.
    public var body: some View {
        switch setup.result {
        case .success(let observed):
            content(observed).routesInvocations(into: observed.session.inbox)
        case .failure(let problem):
            Text("The clip is not set up: \(problem.description)").multilineTextAlignment(.center).padding()
        }
    }
}

/// Holds the session a ``ClipSessionView`` set up, and the notification forwarder it keeps.
@MainActor
final class ClipSessionSetup<Session: ClipSessionModel>: ObservableObject {
    let result: Result<ObservedClipSession<Session>, ClipSetupError>
    private let forwarder: NotificationInvocationForwarder?

    init(setUp: @MainActor () throws(ClipSetupError) -> Session, receivesNotifications: Bool) {
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
            result = .failure(error)
            forwarder = nil
        }
    }
}
#endif

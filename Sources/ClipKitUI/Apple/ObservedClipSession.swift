#if canImport(SwiftUI) && canImport(Combine)
import Combine
import SwiftUI

/// Makes any flow's clip session observable by SwiftUI (iOS 15 and later): ``ClipSession``,
/// `DriverShareClipSession`, `WebBridgeClipSession`.
@MainActor
public final class ObservedClipSession<Session: ClipSessionModel>: ObservableObject {
    /// The session that decides.
    public let session: Session
    /// The screen to show, mirrored from the session.
    @Published public private(set) var screen: Session.Screen

    /// Observes `session`.
    public init(session: Session) {
        self.session = session
        screen = session.screen
        session.changes.addObserver(self) { observed, screen in
            observed.screen = screen
        }
    }
}
#endif

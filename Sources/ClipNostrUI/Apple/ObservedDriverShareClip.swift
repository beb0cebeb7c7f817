#if canImport(SwiftUI) && canImport(Combine)
import ClipKitUI
import Combine
import SwiftUI

/// Makes a ``DriverShareClipSession`` observable by SwiftUI (iOS 16 and later, as the driver-share flow is).
@available(iOS 16.0, *)
@MainActor
public final class ObservedDriverShareClip: ObservableObject {
    /// The session that decides.
    public let session: DriverShareClipSession
    /// The screen to show, mirrored from the session.
    @Published public private(set) var screen: DriverShareClipSession.Screen

    /// Observes `session`.
    public init(session: DriverShareClipSession) {
        self.session = session
        screen = session.screen
        session.changes.addObserver(self) { observed, screen in
            observed.screen = screen
        }
    }
}
#endif

#if canImport(SwiftUI) && canImport(Combine)
import Combine
import SwiftUI

/// Makes any flow's clip session observable by SwiftUI (iOS 15 and later): ``ClipSession``,
/// `DriverShareClipSession`, `WebBridgeClipSession`.
@MainActor
public final class ObservedClipSession<Flow: ClipFlow>: ObservableObject {
    /// The session that decides.
    public let session: ClipFlowSession<Flow>
    /// The screen to show, mirrored from the session.
    @Published public private(set) var screen: ClipScreen<Flow.Content>

    /// Observes `session`.
    public init(session: ClipFlowSession<Flow>) {
        self.session = session
        screen = session.screen
        session.changes.addObserver(self) { observed, screen in
            observed.screen = screen
        }
    }
}
#endif

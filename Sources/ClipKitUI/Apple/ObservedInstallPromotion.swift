#if canImport(SwiftUI) && canImport(Combine)
import Combine
import SwiftUI

/// Makes an ``InstallPromotionController`` observable by SwiftUI (iOS 15 and later).
@MainActor
public final class ObservedInstallPromotion: ObservableObject {
    /// The controller that decides.
    public let controller: InstallPromotionController
    /// Whether the overlay is on screen, mirrored from the controller.
    @Published public private(set) var isOverlayPresented: Bool

    /// Observes `controller`.
    public init(controller: InstallPromotionController) {
        self.controller = controller
        isOverlayPresented = controller.isOverlayPresented
        controller.changes.addObserver(self) { observed, presented in
            observed.isOverlayPresented = presented
        }
    }

    /// A binding for `appStoreOverlay(isPresented:)`: setting it to `false` (the person
    /// dismissed the overlay) reports the dismissal to the controller.
    public var presentation: Binding<Bool> {
        Binding(
            get: { @MainActor in self.isOverlayPresented },
            set: { @MainActor presented in
                if !presented { self.controller.recordOverlayDismissed() }
            }
        )
    }
}
#endif

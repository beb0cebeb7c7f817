#if canImport(SwiftUI) && canImport(Combine)
import ClipKitUI
import Combine
import SwiftUI

/// Makes a ``DriverPreviewModel`` observable by SwiftUI (iOS 16 and later, as the driver-share flow is).
@available(iOS 16.0, *)
@MainActor
public final class ObservedDriverPreview: ObservableObject {
    /// The model that decides.
    public let model: DriverPreviewModel
    /// The model's state, mirrored.
    @Published public private(set) var state: DriverPreviewState
    /// Set when offering the handoff failed; the view shows it in an alert.
    @Published public var offerFailureMessage: String?

    /// Observes `model`.
    public init(model: DriverPreviewModel) {
        self.model = model
        state = model.state
        model.changes.addObserver(self) { observed, state in
            observed.state = state
        }
    }

    /// Offers the handoff; a failure ends up in ``offerFailureMessage``.
    public func offerHandoff() async {
        do {
            try await model.offerHandoff()
        } catch {
            offerFailureMessage = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
        }
    }
}
#endif

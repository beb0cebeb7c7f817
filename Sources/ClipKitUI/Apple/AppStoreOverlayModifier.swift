#if canImport(SwiftUI) && canImport(StoreKit) && os(iOS) && !targetEnvironment(macCatalyst)
import StoreKit
import SwiftUI

/// Shows the App Clip's App Store overlay whenever the install promotion says so (iOS; StoreKit's
/// overlay is unavailable on Mac Catalyst).
struct AppStoreOverlayModifier: ViewModifier {
    @ObservedObject var promotion: ObservedInstallPromotion
    let position: SKOverlay.Position

    func body(content: Content) -> some View {
        content.appStoreOverlay(isPresented: promotion.presentation) {
            SKOverlay.AppClipConfiguration(position: position)
        }
    }
}

/// Owns the observed promotion for one invocation, so a view can pass the controller itself.
struct OwnedAppStoreOverlayModifier: ViewModifier {
    @StateObject private var promotion: ObservedInstallPromotion
    let position: SKOverlay.Position

    init(controller: InstallPromotionController, position: SKOverlay.Position) {
        _promotion = StateObject(wrappedValue: ObservedInstallPromotion(controller: controller))
        self.position = position
    }

    func body(content: Content) -> some View {
        content.modifier(AppStoreOverlayModifier(promotion: promotion, position: position))
    }
}

extension View {
    /// Presents the full app's App Store overlay when `controller` decides to, observing it for as
    /// long as the view keeps its identity. ``ClipSessionView`` applies it to every clip's content,
    /// with a new identity per invocation (each invocation has its own controller); a view outside
    /// it that shows several invocations must give each its own identity too.
    ///
    /// Not on Mac Catalyst: StoreKit's App Store overlay is iOS only.
    public func appStoreOverlay(for controller: InstallPromotionController, position: SKOverlay.Position = .bottom) -> some View {
        modifier(OwnedAppStoreOverlayModifier(controller: controller, position: position))
    }

    /// Presents the full app's App Store overlay (`SKOverlay.AppClipConfiguration`) when
    /// `promotion` decides to, and reports the person's dismissal back to it.
    ///
    /// The decision — only after the person's task, not repeatedly — is
    /// ``InstallPromotionPolicy``'s; this modifier only shows and forwards.
    public func appStoreOverlay(for promotion: ObservedInstallPromotion, position: SKOverlay.Position = .bottom) -> some View {
        modifier(AppStoreOverlayModifier(promotion: promotion, position: position))
    }
}
#endif

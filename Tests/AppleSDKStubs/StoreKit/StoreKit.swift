// Declarations of StoreKit's App Store overlay, as Apple documents them.
import AppleFoundationShim
import SwiftUI

/// An overlay that promotes an app in the App Store from inside another app or a clip.
@available(iOS 14.0, *)
@MainActor
open class SKOverlay: NSObject {
    /// Where the overlay sits.
    @available(iOS 14.0, *)
    public enum Position: Int, @unchecked Sendable {
        /// At the bottom of the screen.
        case bottom = 0
        /// Raised above the bottom edge.
        case bottomRaised = 1
    }

    /// What the overlay shows.
    @available(iOS 14.0, *)
    @MainActor
    open class Configuration: NSObject {}

    /// Shows the parent app of the running App Clip.
    @available(iOS 14.0, *)
    @MainActor
    open class AppClipConfiguration: Configuration {
        /// A configuration at `position`.
        @available(iOS 14.0, *)
        public init(position: SKOverlay.Position) { fatalError() }
    }
}

// SwiftUI's overlay modifier is iOS, iPadOS and visionOS only: Mac Catalyst has `SKOverlay` (14.0) but
// not this modifier. scripts/check-apple-glue compiles this module again with CLIPKIT_STUBS_MAC_CATALYST
// and the glue with `targetEnvironment(macCatalyst)` true, so an unguarded use fails there.
#if !CLIPKIT_STUBS_MAC_CATALYST
@available(iOS 14.0, *)
extension View {
    /// Presents an App Store overlay while `isPresented` is true.
    @available(iOS 14.0, *)
    public func appStoreOverlay(isPresented: Binding<Bool>, configuration: @escaping () -> SKOverlay.Configuration) -> some View {
        fatalError()
    }
}
#endif

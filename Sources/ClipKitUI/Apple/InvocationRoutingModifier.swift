#if canImport(SwiftUI)
import Foundation
import SwiftUI

extension View {
    /// Hands every web-link invocation of this scene to `inbox`, which routes it with the
    /// manifest's router.
    ///
    /// SwiftUI delivers the invocation URL of a cold launch and of every later continuation
    /// through `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`. Apps built on a UIKit
    /// scene delegate use ``SceneInvocations`` instead. Notification taps arrive through
    /// ``NotificationInvocationForwarder``.
    ///
    /// With `locationConfirmation`, each invocation reaches it too, with the activation payload
    /// of the code or tag that opened the clip.
    public func routesInvocations(into inbox: InvocationInbox, confirmingLocationWith locationConfirmation: LocationConfirmation? = nil) -> some View {
        onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
            #if canImport(AppClip) && canImport(CoreLocation) && os(iOS)
            locationConfirmation?.receive(userActivity: activity)
            #endif
            if let source = InvocationSource(userActivity: activity) {
                inbox.receive(source)
            }
        }
    }
}
#endif

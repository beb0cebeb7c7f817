// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line. `os(iOS)` holds on Mac Catalyst too, where SwiftUI has no
// `appStoreOverlay`: only `!targetEnvironment(macCatalyst)` guards it.
// target: Sources/ClipKitUI/Apple/ObservedInstallPromotion.swift
// expect: has no member 'appStoreOverlay'
#if canImport(SwiftUI) && canImport(StoreKit) && os(iOS)
import StoreKit
import SwiftUI

extension View {
    func plantedUnguardedOverlay(_ isPresented: Binding<Bool>) -> some View {
        self.appStoreOverlay(isPresented: isPresented) { SKOverlay.AppClipConfiguration(position: .bottom) } // planted
    }
}
#endif

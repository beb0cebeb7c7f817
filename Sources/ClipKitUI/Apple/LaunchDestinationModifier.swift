#if canImport(SwiftUI) && os(iOS)
import ClipKit
import Foundation
import SwiftUI

/// Decides the full app's first screen when the view appears, and again for every universal link
/// that opens the app later.
struct LaunchDestinationModifier<Destination: Sendable>: ViewModifier {
    let destination: Binding<Destination>
    let decide: @MainActor (URL?) -> OnboardingLaunch<Destination>

    func body(content: Content) -> some View {
        content
            .task { open(decide(nil)) }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in open(decide(activity.webpageURL)) }
    }

    /// Moves to the launch's screen when a rule chose one; the standard screen leaves the person where they are.
    private func open(_ launch: OnboardingLaunch<Destination>) {
        if launch.opensOwnScreen { destination.wrappedValue = launch.destination }
    }
}

extension View {
    /// Opens the screen `resolver` decides on launch — from the clip's one-shot handoff or the link
    /// that opened the app — and for every universal link that arrives later, by setting `destination`.
    ///
    /// ```swift
    /// RootView(screen: screen).launchDestination($screen, resolvedBy: resolver, configuration: ClipConfiguration.self)
    /// ```
    ///
    /// The runtime comes from `configuration`: `ClipConfiguration.self`, generated from
    /// `clipkit.json`, or ClipManifestReader's `BundledManifest.self`. A launch that no rule handles
    /// leaves `destination` as it is.
    public func launchDestination<Destination: Sendable, Source: ClipRuntimeSource>(
        _ destination: Binding<Destination>, resolvedBy resolver: OnboardingResolver<Destination>,
        configuration: Source.Type, parameterKinds: ParameterKindRegistry? = nil
    ) -> some View {
        modifier(LaunchDestinationModifier(destination: destination) { url in
            resolver.launch(openedBy: url, configuration: configuration, parameterKinds: parameterKinds)
        })
    }
}
#endif

#if canImport(SwiftUI)
import SwiftUI

/// The driver-share card: avatar, name, car and a "Get <app>" button, as the share page shows it.
///
/// Every decision comes from ``DriverPreviewModel``; the view renders its state, starts the
/// fetch in `.task` (so leaving the screen cancels it) and forwards taps.
@available(iOS 16.0, *)
public struct DriverPreviewView: View {
    @StateObject private var preview: ObservedDriverPreview
    private let appName: String

    /// Creates the view for `model`; `appName` labels the button ("Get RoadFlare").
    public init(model: DriverPreviewModel, appName: String) {
        _preview = StateObject(wrappedValue: ObservedDriverPreview(model: model))
        self.appName = appName
    }

    /// The card for the current state, the "Get" button when a handoff can be offered, and the fetch.
    public var body: some View {
        VStack(spacing: 20) {
            content
            if preview.model.allowsHandoff {
                Button("Get \(appName)") {
                    Task { await preview.offerHandoff() }
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
            }
        }
        .padding(24)
        .task { await preview.model.load() }
        .alert(
            "Couldn't save the driver",
            isPresented: Binding(
                get: { @MainActor in preview.offerFailureMessage != nil },
                set: { @MainActor isPresented in if !isPresented { preview.offerFailureMessage = nil } }
            ),
            actions: { Button("OK", role: .cancel) {} },
            message: { Text(preview.offerFailureMessage ?? "") }
        )
    }

    @ViewBuilder private var content: some View {
        switch preview.state {
        case .loading:
            ProgressView("Loading the driver…")
        case .preview(let profile, let isUpdating):
            DriverCard(profile: profile, isUpdating: isUpdating)
        case .offered(let handoff):
            VStack(spacing: 12) {
                if let profile = preview.model.profile { DriverCard(profile: profile, isUpdating: false) }
                Text("Install \(appName) and open it: \(handoff.displayName ?? "this driver") will be ready to add.")
                    .multilineTextAlignment(.center)
            }
        case .failed(let failure):
            VStack(spacing: 12) {
                Image(systemName: "exclamationmark.triangle").font(.largeTitle)
                Text(failure.description).multilineTextAlignment(.center)
                if failure.allowsRetry {
                    Button("Try again") { Task { await preview.model.retry() } }
                }
            }
        }
    }
}

/// The driver's avatar, name and car.
struct DriverCard: View {
    let profile: DriverProfile
    let isUpdating: Bool

    var body: some View {
        VStack(spacing: 12) {
            AsyncImage(url: profile.pictureURL) { image in
                image.resizable().scaledToFill()
            } placeholder: {
                Image(systemName: "person.crop.circle.fill").resizable().foregroundStyle(.secondary)
            }
            .frame(width: 96, height: 96)
            .clipShape(Circle())
            VStack(spacing: 4) {
                Text(profile.readableName ?? "Unnamed driver").font(.title2.bold())
                if let address = profile.verifiedNIP05 {
                    // Only an address whose domain listed it with this driver's key.
                    Label(address, systemImage: "checkmark.seal.fill").foregroundStyle(.secondary)
                }
            }
            if let car = profile.car?.summary {
                Label(car, systemImage: "car.fill").foregroundStyle(.secondary)
            }
            if isUpdating {
                ProgressView().controlSize(.small)
            }
        }
    }
}
#endif

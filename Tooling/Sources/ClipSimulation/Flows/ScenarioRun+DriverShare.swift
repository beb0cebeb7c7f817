import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrUI
import ClipNostrWebSocket
import Foundation

extension ScenarioRun {
    /// A driver-share clip (RoadFlare's): preview the driver's verified profile, then "Get the app" offers the
    /// handoff and asks for the App Store overlay.
    func runDriverShareClip(_ match: RouteMatch) async -> ClipResult {
        let loader = RelayProfileLoader(
            fetcher: ProfileFetcher(
                configuration: ProfileFetchConfiguration(timeout: simulator.timeout), transportFactory: RelayTransports.tooling,
                verifier: EventVerifier(signatureVerifier: simulator.settings.signatureVerifier)
            ),
            relays: simulator.relays
        )
        let flow = DriverShareClipFlow(
            loader: loader, driverRoute: match.route, driverParameter: FlowSimulator.driverParameter, deadline: simulator.timeout
        )
        let session = DriverShareClipSession(
            flow: flow, inbox: InvocationInbox(router: simulator.router), store: device.store, promotionMemory: device.promotionMemory
        )
        session.inbox.receive(.webpage(match.url))
        guard case .content(let preview, let promotion) = session.screen else {
            let reason: String
            if case .unsupportedLink(let message) = session.screen { reason = message } else { reason = "the clip shows nothing" }
            record(.clipLaunch, reason, outcome: .failed)
            return ClipResult(expected: .nothing, failure: reason)
        }
        record(.clipLaunch, "\(manifest.clip.bundleID) opens with the invocation and previews driver \(preview.driverReference)", [
            .init("clip", manifest.clip.bundleID), .init("npub", preview.driverReference),
            .init("relays", simulator.relays.map(\.string).joined(separator: ", ")),
            .init("deadlineSeconds", String(simulator.settings.timeoutSeconds)),
            .init("signedProfileInLink", match.fragment == nil ? "no" : "yes"),
        ])
        record(.preview, DriverPreviewState.loading.description, [.init("state", "loading")])
        preview.changes.addObserver(self) { [weak preview] run, state in
            guard let preview else { return }
            run.recordPreview(state, tally: preview.relayTally, embeddedDropReason: preview.embeddedProfileDropReason)
        }
        await preview.load()

        let verifiedName: String?
        var failure: String?
        switch preview.state {
        case .preview(let profile, _):
            verifiedName = profile.readableName
        case .failed(let reason):
            verifiedName = nil
            failure = "no verified profile of the driver was shown: \(reason.description)"
        case .loading, .offered:
            verifiedName = nil
            failure = "the preview ended in state '\(preview.state.description)'"
        }
        guard preview.allowsHandoff else {
            record(.getApp, "\"Get \(appName)\" cannot hand this driver off: \(preview.state.description)", outcome: .failed)
            return ClipResult(expected: .nothing, failure: failure ?? "the handoff cannot be offered")
        }
        record(.getApp, "the person taps \"Get \(appName)\"")
        let handoff: DriverHandoff
        do {
            handoff = try await preview.offerHandoff()
        } catch {
            record(.handoffOffered, "the handoff could not be offered: \(error)", outcome: .failed)
            return ClipResult(expected: .nothing, failure: "the handoff could not be offered: \(error)")
        }
        var details = [SimulationStep.Detail("npub", handoff.npub)]
        details.append(.init("displayName", handoff.displayName ?? "none (npub only: the app fetches the profile itself)"))
        details.append(.init("profileCreatedAt", handoff.profileCreatedAt.map(String.init) ?? "none"))
        recordOffered("the clip left the driver for the app in the App Group", details)
        recordOverlay(promotion)
        return ClipResult(expected: .driver(npub: handoff.npub, name: verifiedName), failure: failure)
    }

    private func recordPreview(_ state: DriverPreviewState, tally: RelayTally, embeddedDropReason: String?) {
        var details: [SimulationStep.Detail] = []
        let outcome: SimulationStep.Outcome
        switch state {
        case .loading, .offered:
            return
        case .preview(let profile, let isUpdating):
            details.append(.init("state", isUpdating ? "preview (updating)" : "preview"))
            details.append(.init("name", profile.readableName ?? "none"))
            if let car = profile.car?.summary { details.append(.init("car", car)) }
            if let picture = profile.pictureURL { details.append(.init("picture", picture.absoluteString)) }
            details.append(.init("pubkey", profile.pubkey))
            details.append(.init("createdAt", String(Int(profile.createdAt.timeIntervalSince1970))))
            details.append(.init("origin", profile.origin.rawValue))
            if let relay = profile.relay { details.append(.init("relay", relay)) }
            if profile.origin == .writeRelay, let relay = profile.relay {
                details.append(.init(
                    "path", "the given relays had no fresh profile → the driver's relay list (kind 10002) names \(relay) as a write relay → the profile came from there"
                ))
            }
            outcome = .ok
        case .failed(let failure):
            details.append(.init("state", "failed"))
            outcome = failure.allowsHandoff ? .warning : .failed
        }
        if let embeddedDropReason { details.append(.init("signedProfileDropped", embeddedDropReason)) }
        details.append(.init("relaysAsked", String(tally.asked)))
        details.append(.init("relaysAnswered", String(tally.answered)))
        details.append(.init("relaysFailed", String(tally.failed)))
        record(.preview, state.description, details, outcome: outcome)
    }
}

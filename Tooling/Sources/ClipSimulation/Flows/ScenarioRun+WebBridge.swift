import ClipKit
import ClipKitUI
import ClipWebBridge
import ClipWebBridgeUI
import Foundation

extension ScenarioRun {
    /// Bluesky's clip: load the link's page with the route's web-content query; the page stores
    /// the starter pack through the web bridge and asks for the App Store overlay.
    func runWebBridgeClip(_ match: RouteMatch) -> ClipResult {
        let promotion = InstallPromotionController(memory: device.promotionMemory)
        let keys = manifest.handoff.webBridgeKeys
        let storesStarterPack = keys.contains(BlueskyStarterPackHandoff.webBridgeKey)
        let model: WebBridgeClipModel
        do {
            model = try WebBridgeClipModel(
                match: match, router: simulator.router, manifest: manifest, store: device.store, promotion: promotion,
                invocationPayload: storesStarterPack ? BlueskyStarterPackHandoff(starterPackURI: match.url.absoluteString) : nil
            )
        } catch {
            record(.clipLaunch, error.description, outcome: .failed)
            return ClipResult(expected: .nothing, failure: error.description)
        }
        record(.clipLaunch, "\(manifest.clip.bundleID) opens with the invocation and shows the link's web page", [
            .init("clip", manifest.clip.bundleID), .init("route", match.route),
        ])
        let hasClipQuery = URLComponents(url: model.contentURL, resolvingAgainstBaseURL: false)?.queryItems?.isEmpty == false
        record(.webContent, "the web view loads \(model.contentURL.absoluteString)", [
            .init("url", model.contentURL.absoluteString), .init("messageHandler", WebBridgeClipModel.messageHandlerName),
        ], outcome: hasClipQuery ? .ok : .failed)
        model.contentDidLoad()

        var expected = ClipResult.Expected.nothing
        if let key = keys.first {
            let value = match.url.absoluteString
            let message = Self.storeMessage(key: key, value: value)
            let effect = model.handle(message: message)
            record(.webMessage, "the page posts store: \(effect.description)", [.init("message", message)],
                   outcome: Self.isRejection(effect) ? .failed : .ok)
            if case .handedOff(let offer) = effect {
                recordOffered("the clip left \(key) for the app in the App Group", [.init("key", key), .init("value", value), .init("bytes", String(offer.bytes))])
                if key == BlueskyStarterPackHandoff.webBridgeKey { expected = .starterPack(value) }
            }
        }
        let present = #"{"action":"present"}"#
        let effect = model.handle(message: present)
        record(.webMessage, "the page posts present: \(effect.description)", [.init("message", present)],
               outcome: Self.isRejection(effect) ? .failed : .ok)
        if case .presentedOverlay(let offered?) = effect, expected == .nothing, storesStarterPack {
            recordOffered("the clip offered its invocation link before the overlay", [.init("type", offered.typeName)])
            expected = .starterPack(match.url.absoluteString)
        }
        recordOverlay(promotion)
        let failure = expected == .nothing ? "the clip's page handed nothing off to the app" : nil
        return ClipResult(expected: expected, failure: failure)
    }

    private static func storeMessage(key: String, value: String) -> String {
        let object: [String: String] = ["action": "store", "keyToStoreAs": key, "jsonToStore": value]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func isRejection(_ effect: WebBridgeClipEffect) -> Bool {
        if case .rejected = effect { return true }
        return false
    }
}

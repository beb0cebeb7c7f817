@_spi(ClipKitTooling) import ClipKit
import ClipKitUI
import ClipWebBridge
import ClipWebBridgeUI
import Foundation

extension ScenarioRun {
    /// A web-content clip (Bluesky's): load the link's page with the route's web-content query; the
    /// page stores the link under the manifest's first web-bridge key and asks for the App Store overlay.
    func runWebBridgeClip(_ match: RouteMatch) -> ClipResult {
        let keys = manifest.handoff.webBridgeKeys
        let session = WebBridgeClipSession(
            flow: WebBridgeClipFlow(manifest: manifest), inbox: InvocationInbox(router: simulator.router), store: device.store,
            promotionMemory: device.promotionMemory
        )
        session.inbox.receive(.webpage(match.url))
        let model: WebBridgeClipModel
        let promotion: InstallPromotionController
        switch session.screen {
        case .content(let shown, let controller):
            model = shown
            promotion = controller
        case .unsupportedLink(let reason):
            record(.clipLaunch, reason, outcome: .failed)
            return ClipResult(expected: .nothing, failure: reason)
        case .waitingForInvocation:
            record(.clipLaunch, "the clip shows nothing", outcome: .failed)
            return ClipResult(expected: .nothing, failure: "the clip shows nothing")
        }
        record(.clipLaunch, "\(manifest.clip.bundleID) opens with the invocation and shows the link's web page", [
            .init("clip", manifest.clip.bundleID), .init("route", match.route),
        ])
        let hasClipQuery = URLComponents(url: model.contentURL, resolvingAgainstBaseURL: false)?.queryItems?.isEmpty == false
        record(.webContent, "the web view loads \(model.contentURL.absoluteString)", [
            .init("url", model.contentURL.absoluteString), .init("messageHandler", WebBridgeClipModel.messageHandlerName),
        ], outcome: hasClipQuery ? .ok : .failed)
        model.recordContentLoaded()

        var expected = ClipResult.Expected.nothing
        if let key = keys.first {
            let value = match.url.absoluteString
            let message = Self.storeMessage(key: key, value: value)
            let effect = model.handle(message: message)
            record(.webMessage, "the page posts store: \(effect.description)", [.init("message", message)],
                   outcome: Self.isRejection(effect) ? .failed : .ok)
            if case .handedOff(let offer) = effect {
                recordOffered("the clip left \(key) for the app in the App Group", [.init("key", key), .init("value", value), .init("bytes", String(offer.bytes))])
                if let left = device.store.peekEnvelope() {
                    guard Self.payload(left.payload, carries: value, under: key) else {
                        let reason = "the clip left \(left.typeName) without the value the page stored under \(key)"
                        record(.handoffOffered, reason, outcome: .failed)
                        return ClipResult(expected: .nothing, failure: reason)
                    }
                    expected = .payload(typeName: left.typeName, payload: left.payload)
                }
            }
        }
        let present = #"{"action":"present"}"#
        let effect = model.handle(message: present)
        record(.webMessage, "the page posts present: \(effect.description)", [.init("message", present)],
               outcome: Self.isRejection(effect) ? .failed : .ok)
        recordOverlay(promotion)
        let failure = expected == .nothing ? "the clip's page handed nothing off to the app" : nil
        return ClipResult(expected: expected, failure: failure)
    }

    /// Whether a web-bridge payload carries `value` under `key`: as the member `key` of the route's
    /// handoff type, or as a `WebBridgeHandoff`'s key and value.
    private static func payload(_ payload: JSONValue, carries value: String, under key: String) -> Bool {
        if payload[key] == .string(value) { return true }
        return payload["key"] == .string(key) && payload["value"] == .string(value)
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

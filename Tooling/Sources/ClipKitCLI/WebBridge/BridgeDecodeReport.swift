@_spi(ClipKitTooling) import ClipKit
import ClipReports
@_spi(ClipKitTooling) import ClipWebBridge
import Foundation

/// What `clipkit bridge decode --json` prints: the command a web-bridge message carries and the
/// handoff it leaves, or why the message is refused.
package struct BridgeDecodeReport: CommandReport {
    package static let schemaName = "bridge-decode"
    package static let commands = "clipkit bridge decode"
    package static let members: [ReportMember] = [
        .required("accepted", .boolean),
        .optional("command", .object([
            .required("action", .oneOf(["present", "store"])),
            .optional("keyToStoreAs", .string),
            .optional("jsonToStore", .string),
            .optional("value", .any),
        ])),
        .optional("handoff", .object([.required("type", .string), .required("payload", .any)])),
        .optional("code", .string),
        .optional("reason", .string),
    ]

    /// The decoded command.
    package struct Command: Encodable, Sendable {
        let action: String
        var keyToStoreAs: String?
        var jsonToStore: String?
        var value: EncodedJSON?
    }

    /// The handoff a `store` leaves.
    package struct Handoff: Encodable, Sendable {
        let type: String
        let payload: EncodedJSON
    }

    package let schemaVersion = ReportVersion.current
    package let accepted: Bool
    package var command: Command?
    package var handoff: Handoff?
    package var code: String?
    package var reason: String?

    /// An accepted message; a `store` hands off under `typeName` (the route's type) when given,
    /// else as ``WebBridgeHandoff``.
    package init(_ decoded: WebBridgeCommand, handoffTypeName typeName: String?) {
        accepted = true
        switch decoded {
        case .present:
            command = Command(action: "present")
        case .store(let key, let value):
            command = Command(action: "store", keyToStoreAs: key, jsonToStore: value.text, value: value.json.map(EncodedJSON.init))
        }
        if let typeName, let payload = decoded.handoffPayload(as: typeName) {
            handoff = Handoff(type: typeName, payload: EncodedJSON(payload))
        } else if let payload = decoded.handoffPayload,
                  let data = try? JSONEncoder().encode(payload), let value = try? JSONValue(parsing: data) {
            handoff = Handoff(type: WebBridgeHandoff.handoffTypeName, payload: EncodedJSON(value))
        }
    }

    /// A refused message: a code and the reason.
    package init(refusedWithCode code: String, reason: String) {
        accepted = false
        self.code = code
        self.reason = reason
    }
}

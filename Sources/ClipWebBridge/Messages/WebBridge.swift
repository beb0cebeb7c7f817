@_spi(ClipKitTooling) import ClipKit
import Foundation

/// The message protocol between a clip's web content and the clip: strict decoding of
/// `postMessage` strings into ``WebBridgeCommand``s.
///
/// Web content is untrusted, so the bridge accepts exactly two shapes and nothing else:
///
/// ```json
/// {"action":"present"}
/// {"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://bsky.app/start/alice.bsky.social/3kabc"}
/// ```
///
/// Messages and values are capped, members a shape does not define are refused, and a `store` key
/// must be in the manifest's `handoff.webBridgeKeys`, so a page cannot write arbitrary keys into the
/// App Group; the app may add its own rules for a key's values (``WebBridgeValueCheck``). Apply a
/// command with ``apply(_:to:storingAs:offeringOnPresent:)``.
public struct WebBridge: Sendable {
    /// The default cap on a whole message: 16 KiB of UTF-8.
    public static let defaultMaximumMessageBytes = 16 * 1024
    /// The default cap on a stored value: 4 KiB of UTF-8.
    public static let defaultMaximumValueBytes = 4 * 1024

    /// The keys a `store` command may use, in the manifest's order.
    @_spi(ClipKitTooling) public let allowedKeys: [String]
    /// The largest message accepted, in bytes of UTF-8.
    @_spi(ClipKitTooling) public let maximumMessageBytes: Int
    /// The largest `jsonToStore` value accepted, in bytes of UTF-8.
    public let maximumValueBytes: Int
    /// The app's own rules for the values of some keys.
    public let valueChecks: [WebBridgeValueCheck]

    /// Creates a bridge that lets web content store under `allowedKeys`, with the app's `valueChecks`.
    public init(
        allowedKeys: [String], valueChecks: [WebBridgeValueCheck] = [],
        maximumMessageBytes: Int = WebBridge.defaultMaximumMessageBytes, maximumValueBytes: Int = WebBridge.defaultMaximumValueBytes
    ) {
        self.allowedKeys = allowedKeys
        self.valueChecks = valueChecks
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumValueBytes = maximumValueBytes
    }

    /// Creates a bridge with the manifest's `handoff.webBridgeKeys` as the allow-list.
    public init(
        manifest: ClipManifest, valueChecks: [WebBridgeValueCheck] = [],
        maximumMessageBytes: Int = WebBridge.defaultMaximumMessageBytes, maximumValueBytes: Int = WebBridge.defaultMaximumValueBytes
    ) {
        self.init(
            allowedKeys: manifest.handoff.webBridgeKeys, valueChecks: valueChecks,
            maximumMessageBytes: maximumMessageBytes, maximumValueBytes: maximumValueBytes
        )
    }

    /// Decodes a `WKScriptMessage.body`, which must be the string the page posted.
    public func decode(messageBody: Any) throws -> WebBridgeCommand {
        try checkedDecode(messageBody: messageBody)
    }

    /// ``decode(messageBody:)`` with its error typed, for this package.
    package func checkedDecode(messageBody: Any) throws(WebBridgeError) -> WebBridgeCommand {
        guard let message = messageBody as? String else {
            throw WebBridgeError.notAString(found: "a value of type \(type(of: messageBody))")
        }
        return try checkedDecode(message)
    }

    /// Decodes one message string strictly.
    ///
    /// - Throws: ``WebBridgeError`` naming what is wrong: size, JSON syntax, shape, action, members,
    ///   key allow-list, value size or value content.
    public func decode(_ message: String) throws -> WebBridgeCommand {
        try checkedDecode(message)
    }

    /// ``decode(_:)`` with its error typed, for this package.
    package func checkedDecode(_ message: String) throws(WebBridgeError) -> WebBridgeCommand {
        let bytes = message.utf8.count
        guard bytes <= maximumMessageBytes else { throw WebBridgeError.messageTooLarge(bytes: bytes, limit: maximumMessageBytes) }
        let document: JSONValue
        do {
            document = try JSONValue(strictlyParsing: Data(message.utf8), maximumDepth: 8)
        } catch {
            throw WebBridgeError.notJSON(error)
        }
        guard let members = document.objectValue else { throw WebBridgeError.notAnObject(found: document.typeDescription) }
        guard let actionMember = members["action"] else { throw WebBridgeError.missingField("action", action: nil) }
        guard let action = actionMember.stringValue else {
            throw WebBridgeError.wrongFieldType("action", expected: "a string", found: actionMember.typeDescription)
        }
        switch action {
        case "present":
            try rejectUnexpected(members, allowing: ["action"], action: action)
            return .present
        case "store":
            try rejectUnexpected(members, allowing: ["action", "keyToStoreAs", "jsonToStore"], action: action)
            let key = try string(members, "keyToStoreAs", action: action)
            let text = try string(members, "jsonToStore", action: action)
            guard allowedKeys.contains(key) else { throw WebBridgeError.keyNotAllowed(key, allowed: allowedKeys) }
            let valueBytes = text.utf8.count
            guard valueBytes <= maximumValueBytes else {
                throw WebBridgeError.valueTooLarge(key: key, bytes: valueBytes, limit: maximumValueBytes)
            }
            let value = WebBridgeValue(text: text)
            for check in valueChecks where check.key == key {
                if let problem = check.problem(with: value) { throw WebBridgeError.invalidValue(key: key, reason: problem) }
            }
            return .store(key: key, value: value)
        default:
            throw WebBridgeError.unknownAction(action)
        }
    }

    private func rejectUnexpected(_ members: [String: JSONValue], allowing allowed: Set<String>, action: String) throws(WebBridgeError) {
        if let unexpected = UnexpectedMember.first(among: Array(members.keys), allowed: allowed) {
            throw .unexpectedField(unexpected, action: action)
        }
    }

    private func string(_ members: [String: JSONValue], _ field: String, action: String) throws(WebBridgeError) -> String {
        guard let member = members[field] else { throw .missingField(field, action: action) }
        guard let value = member.stringValue else {
            throw .wrongFieldType(field, expected: "a string", found: member.typeDescription)
        }
        return value
    }
}

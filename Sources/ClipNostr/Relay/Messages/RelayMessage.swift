@_spi(ClipKitTooling) import ClipKit

/// A message a relay sends to a client (NIP-01), parsed strictly from one WebSocket text frame.
///
/// ```swift
/// switch try RelayMessage(parsing: frame) {
/// case .event(let subscription, let event): consider(event, for: subscription)
/// case .endOfStoredEvents(let subscription): finish(subscription)
/// case .closed, .notice, .ok, .unknown: break
/// }
/// ```
///
/// The frame must be a JSON array whose first element names the message and whose other elements
/// have exactly the count and types NIP-01 gives that message. Frames naming a message ClipNostr
/// does not use (`AUTH`, `COUNT`, …) parse as ``unknown(type:)`` so callers can ignore them.
@_spi(ClipKitTooling)
public enum RelayMessage: Sendable, Equatable {
    /// The deepest nesting a frame may have: the message array, the event, its tags, one tag.
    public static let maximumDepth = 4

    /// `["EVENT", <subscription id>, <event>]`: an event matching a subscription. Not yet verified.
    case event(subscriptionID: String, event: NostrEvent)
    /// `["EOSE", <subscription id>]`: the relay has sent every stored event for the subscription.
    case endOfStoredEvents(subscriptionID: String)
    /// `["CLOSED", <subscription id>, <message>]`: the relay ended the subscription, saying why.
    case closed(subscriptionID: String, message: String)
    /// `["NOTICE", <message>]`: a human-readable message from the relay.
    case notice(String)
    /// `["OK", <event id>, <accepted>, <message>]`: the answer to a published event.
    case ok(eventID: String, accepted: Bool, message: String)
    /// A well-formed frame naming a message ClipNostr does not handle; it is ignored.
    case unknown(type: String)

    /// Parses one text frame from a relay.
    ///
    /// - Parameters:
    ///   - text: The frame's text.
    ///   - limits: The size cap for the frame. The event inside is checked against its own
    ///     caps later, by ``EventVerifier``.
    /// - Throws: ``RelayMessageError`` saying what is wrong with the frame.
    public init(parsing text: String, limits: RelayMessageLimits = .standard) throws(RelayMessageError) {
        let byteCount = text.utf8.count
        guard byteCount <= limits.maximumFrameBytes else {
            throw .frameTooLarge(bytes: byteCount, limit: limits.maximumFrameBytes)
        }
        let value: JSONValue
        do {
            value = try StrictJSONParser(maximumBytes: limits.maximumFrameBytes, maximumDepth: Self.maximumDepth).parse(text)
        } catch {
            throw .notJSON(error)
        }
        guard let elements = value.arrayValue else { throw .notAnArray(found: value.typeDescription) }
        guard let first = elements.first else { throw .emptyArray }
        guard let type = first.stringValue else { throw .typeNotAString }
        let expectedArguments: Int
        switch type {
        case "EOSE", "NOTICE": expectedArguments = 1
        case "EVENT", "CLOSED": expectedArguments = 2
        case "OK": expectedArguments = 3
        default:
            self = .unknown(type: type)
            return
        }
        guard elements.count == expectedArguments + 1 else {
            throw .wrongElementCount(type: type, expected: expectedArguments + 1, found: elements.count)
        }
        // Every message NIP-01 gives has a string first: an id, or the notice's text.
        let firstName = type == "NOTICE" ? "message" : type == "OK" ? "event id" : "subscription id"
        let firstText = try Self.string(elements[1], named: firstName, in: type)
        switch type {
        case "EVENT":
            guard elements[2].objectValue != nil else {
                throw .wrongElementType(type: type, element: "event", expected: "an object")
            }
            do {
                self = .event(subscriptionID: firstText, event: try NostrEvent(checkingJSONValue: elements[2]))
            } catch {
                throw .invalidEvent(error)
            }
        case "EOSE":
            self = .endOfStoredEvents(subscriptionID: firstText)
        case "CLOSED":
            self = .closed(subscriptionID: firstText, message: try Self.string(elements[2], named: "message", in: type))
        case "NOTICE":
            self = .notice(firstText)
        default:
            guard let accepted = elements[2].boolValue else {
                throw .wrongElementType(type: type, element: "accepted", expected: "true or false")
            }
            self = .ok(eventID: firstText, accepted: accepted, message: try Self.string(elements[3], named: "message", in: type))
        }
    }

    /// The text of a string element, or the error naming the element and its message.
    private static func string(_ value: JSONValue, named element: String, in type: String) throws(RelayMessageError) -> String {
        guard let text = value.stringValue else {
            throw .wrongElementType(type: type, element: element, expected: "a string")
        }
        return text
    }
}

/// Size caps for frames that relays send.
@_spi(ClipKitTooling)
public struct RelayMessageLimits: Sendable, Equatable {
    /// The most UTF-8 bytes one frame may have. Default 256 KiB.
    public var maximumFrameBytes: Int

    /// Creates limits; the default suits profile fetches.
    public init(maximumFrameBytes: Int = 256 * 1024) {
        self.maximumFrameBytes = maximumFrameBytes
    }

    /// The default limits.
    public static let standard = RelayMessageLimits()
}

/// A message a client sends to a relay (NIP-01): open or close a subscription.
///
/// ```swift
/// let subscription = SubscriptionID()
/// try await transport.send(ClientMessage.request(subscription, filter: ProfileFilter(author: hex)).text)
/// ```
@_spi(ClipKitTooling)
public enum ClientMessage: Sendable, Equatable {
    /// `["REQ", <subscription id>, <filter>]`: ask for matching events, stored ones first.
    case request(SubscriptionID, filter: ProfileFilter)
    /// `["CLOSE", <subscription id>]`: end a subscription.
    case close(SubscriptionID)

    /// The message as compact JSON, ready to send as one text frame.
    ///
    /// Subscription ids and public keys are hexadecimal, so nothing in the message needs escaping.
    public var text: String {
        switch self {
        case .request(let subscription, let filter):
            return #"["REQ","\#(subscription.rawValue)",\#(filter.json)]"#
        case .close(let subscription):
            return #"["CLOSE","\#(subscription.rawValue)"]"#
        }
    }

    /// `["REQ", <subscription id>, <relay list filter>]`: the author's newest relay list (kind 10002).
    static func relayListRequest(_ subscription: SubscriptionID, filter: ProfileFilter) -> String {
        #"["REQ","\#(subscription.rawValue)",\#(filter.relayListJSON)]"#
    }
}

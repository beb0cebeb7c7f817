/// What one relay did during a fetch.
@available(iOS 16.0, *)
@_spi(ClipKitTooling)
public struct RelayReport: Sendable {
    /// The relay.
    public let relay: RelayURL
    /// Why it was asked: it was given, or the author's relay list names it as a write relay.
    public let role: RelayRole
    /// Where the relay stands.
    public internal(set) var state: RelayState
    /// `EVENT` messages received (for any subscription).
    public internal(set) var eventsReceived = 0
    /// Events that became the best profile so far.
    public internal(set) var eventsAccepted = 0
    /// Events and frames not used, by reason code (`invalid-signature`, `wrong-author`, …).
    public internal(set) var droppedByReason: [String: Int] = [:]
    /// The first few `NOTICE` messages, shortened.
    public internal(set) var notices: [String] = []
    /// When the WebSocket handshake completed, from the start of the fetch.
    public internal(set) var connectedAfter: Duration?
    /// When the relay finished (or was given up on), from the start of the fetch.
    public internal(set) var finishedAfter: Duration?

    /// Events and frames not used, in all.
    @_spi(ClipKitTooling) public var eventsDropped: Int { droppedByReason.values.reduce(0, +) }

    init(relay: RelayURL, role: RelayRole = .given) {
        self.relay = relay
        self.role = role
        state = .connecting
    }
}

/// Where a relay stands during a fetch.
@_spi(ClipKitTooling)
public enum RelayState: Sendable, Equatable {
    /// Opening the connection.
    case connecting
    /// Connected and subscribed; waiting for events and `EOSE`.
    case waiting
    /// Done, with this outcome.
    case finished(RelayOutcome)

    /// The outcome, once the relay is done.
    public var outcome: RelayOutcome? {
        if case .finished(let outcome) = self { return outcome }
        return nil
    }
}

/// How a relay's part in a fetch ended.
@_spi(ClipKitTooling)
public enum RelayOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The relay sent every stored event and `EOSE`.
    case endOfStoredEvents
    /// The relay ended the subscription with `CLOSED`, saying why.
    case closed(reason: String)
    /// The connection failed or broke.
    case failed(RelayTransportError)
    /// The relay had not finished when the fetch ended (deadline or grace window).
    case timedOut
    /// The fetch was cancelled before the relay finished.
    case cancelled

    /// A stable name: `eose`, `closed`, `failed`, `timedOut` or `cancelled`.
    public var name: String {
        switch self {
        case .endOfStoredEvents: return "eose"
        case .closed: return "closed"
        case .failed: return "failed"
        case .timedOut: return "timedOut"
        case .cancelled: return "cancelled"
        }
    }

    /// The relay's reason or the error, when there is one.
    public var detail: String? {
        switch self {
        case .closed(let reason): return reason
        case .failed(let error): return error.description
        case .endOfStoredEvents, .timedOut, .cancelled: return nil
        }
    }

    /// Why the relay did not give a full answer, as a stable code; `nil` for
    /// ``endOfStoredEvents``.
    public var reasonCode: RelayReasonCode? {
        switch self {
        case .endOfStoredEvents: return nil
        case .closed: return .subscriptionClosed
        case .failed(let error): return error.code
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        }
    }

    /// Whether the relay answered the request in full: it sent `EOSE`.
    public var answered: Bool { self == .endOfStoredEvents }

    /// The outcome for a person.
    public var description: String {
        detail.map { "\(name): \($0)" } ?? name
    }
}

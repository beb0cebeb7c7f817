import ClipKit
import Foundation

/// Why a connection to a relay failed.
///
/// Each case names something a person can act on; ``code`` is the same reason as a stable,
/// machine-readable string.
public enum RelayTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The relay's host name could not be resolved (DNS).
    case hostNotFound(String)
    /// Nothing listens on the relay's port: the connection was refused.
    case connectionRefused
    /// The TCP connection was not established in time.
    case connectionTimedOut
    /// The TLS handshake or the certificate check failed.
    case tls(RelayTLSError)
    /// The server answered the WebSocket upgrade with something else (a plain HTTP response).
    case upgradeRefused(String)
    /// The connection could not be opened for another reason (network unreachable, …).
    case connectionFailed(String)
    /// The relay sent a frame larger than the transport's limit; the connection was closed.
    case frameTooLarge(limit: Int)
    /// The relay broke the WebSocket protocol (for example a binary or malformed frame).
    case protocolViolation(String)
    /// The relay closed the WebSocket connection, with its close code and reason when it sent them.
    case closedByRelay(code: UInt16?, reason: String?)
    /// The connection closed before it was open, or while sending.
    case notConnected
    /// The connection dropped without a WebSocket close.
    case disconnected(String)
    /// The task waiting for the connection was cancelled.
    case cancelled

    /// The error a ``RelayTransport`` threw, as a `RelayTransportError`: itself when it is one,
    /// ``cancelled`` for a cancellation, otherwise ``connectionFailed(_:)`` with its description.
    @_spi(ClipKitTooling) public init(_ error: any Error) {
        if let error = error as? RelayTransportError {
            self = error
        } else if error is CancellationError {
            self = .cancelled
        } else {
            self = .connectionFailed((error as? any LocalizedError)?.errorDescription ?? String(describing: error))
        }
    }

    /// What went wrong, for a person.
    public var description: String {
        switch self {
        case .hostNotFound(let host):
            return "could not connect: the host name \(host) could not be resolved; check the relay URL and DNS"
        case .connectionRefused:
            return "could not connect: the connection was refused; is the relay running on that port?"
        case .connectionTimedOut:
            return "could not connect: the connection timed out; the relay or the network did not answer"
        case .tls(let error): return error.description
        case .upgradeRefused(let answer):
            return "could not connect: the server did not accept the WebSocket upgrade (\(answer)); check the relay URL's path"
        case .connectionFailed(let reason): return "could not connect: \(reason)"
        case .frameTooLarge(let limit): return "the relay sent a frame larger than \(limit) bytes; the connection was closed"
        case .protocolViolation(let reason): return "the relay broke the WebSocket protocol: \(reason)"
        case .closedByRelay(let code, let reason):
            var text = "the relay closed the connection"
            if let code { text += " (code \(code)" + (reason.map { ": \($0)" } ?? "") + ")" }
            return text
        case .notConnected: return "the connection is not open"
        case .disconnected(let reason): return "the connection dropped: \(reason)"
        case .cancelled: return "the connection was cancelled"
        }
    }

    /// The reason as a stable code (``RelayReasonCode``).
    public var code: RelayReasonCode {
        switch self {
        case .hostNotFound: return .dnsFailure
        case .connectionRefused: return .connectionRefused
        case .connectionTimedOut: return .connectTimedOut
        case .tls(let error): return error.code
        case .upgradeRefused: return .upgradeRefused
        case .connectionFailed, .notConnected: return .connectionFailed
        case .frameTooLarge: return .frameTooLarge
        case .protocolViolation: return .protocolError
        case .closedByRelay: return .closedByRelay
        case .disconnected: return .connectionDropped
        case .cancelled: return .cancelled
        }
    }
}

/// Why a TLS connection to a relay failed.
public enum RelayTLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The relay's certificate chain does not lead to a trusted certificate authority (or it is
    /// expired or otherwise invalid).
    case untrustedCertificate
    /// The certificate is valid but names neither the relay's host name nor its IP address.
    case nameMismatch(host: String)
    /// The handshake failed for another reason, said in a few words.
    case handshakeFailed(String)
    /// A certificate file or folder named by an environment variable could not be used.
    case trustStoreUnreadable(variable: String, path: String, reason: String)

    /// What went wrong and what to do, for a person.
    public var description: String {
        switch self {
        case .untrustedCertificate:
            return "TLS: the relay's certificate is not trusted (unknown certificate authority, expired or invalid); "
                + "to trust a private CA, set SSL_CERT_FILE to its PEM file or SSL_CERT_DIR to a folder of PEM certificates"
        case .nameMismatch(let host):
            return "TLS: the relay's certificate is not valid for \(host); the certificate names another host"
        case .handshakeFailed(let reason):
            return "TLS: the handshake failed: \(reason)"
        case .trustStoreUnreadable(let variable, let path, let reason):
            return "TLS: \(variable)=\(path) cannot be used: \(reason); fix the path or unset \(variable)"
        }
    }

    /// The reason as a stable code.
    public var code: RelayReasonCode {
        switch self {
        case .untrustedCertificate: return .tlsUntrustedCertificate
        case .nameMismatch: return .tlsNameMismatch
        case .handshakeFailed: return .tlsHandshakeFailed
        case .trustStoreUnreadable: return .tlsTrustStoreUnreadable
        }
    }
}

/// Why a relay did not give a full answer, as a stable code for scripts (`clipkit profile --json`
/// prints it as `reasonCode`).
public enum RelayReasonCode: String, Sendable, Equatable, CaseIterable {
    /// The host name could not be resolved.
    case dnsFailure = "dns-failure"
    /// The connection was refused.
    case connectionRefused = "connection-refused"
    /// The TCP connection timed out.
    case connectTimedOut = "connect-timed-out"
    /// The certificate does not lead to a trusted authority, or is expired or invalid.
    case tlsUntrustedCertificate = "tls-untrusted-certificate"
    /// The certificate names another host.
    case tlsNameMismatch = "tls-name-mismatch"
    /// The TLS handshake failed otherwise.
    case tlsHandshakeFailed = "tls-handshake-failed"
    /// `SSL_CERT_FILE` or `SSL_CERT_DIR` names something that cannot be read.
    case tlsTrustStoreUnreadable = "tls-trust-store-unreadable"
    /// The server refused the WebSocket upgrade.
    case upgradeRefused = "upgrade-refused"
    /// The connection failed for another reason.
    case connectionFailed = "connection-failed"
    /// The relay sent a frame over the limit.
    case frameTooLarge = "frame-too-large"
    /// The relay broke the WebSocket protocol.
    case protocolError = "protocol-error"
    /// The relay closed the WebSocket connection before it finished.
    case closedByRelay = "closed-by-relay"
    /// The connection dropped without a WebSocket close.
    case connectionDropped = "connection-dropped"
    /// The relay ended the subscription with a NIP-01 `CLOSED` message.
    case subscriptionClosed = "subscription-closed"
    /// The relay had not finished when the fetch ended.
    case timedOut = "timed-out"
    /// The fetch was cancelled.
    case cancelled = "cancelled"
}

extension RelayTransportError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .hostNotFound: return "Check the relay URL and DNS."
        case .connectionRefused: return "Check that the relay is running on that port."
        case .upgradeRefused: return "Check the relay URL's path."
        case .tls(let error): return error.recoverySuggestion
        default: return nil
        }
    }
}

extension RelayTLSError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .untrustedCertificate:
            return "To trust a private CA, set SSL_CERT_FILE to its PEM file or SSL_CERT_DIR to a folder of PEM certificates."
        case .trustStoreUnreadable(let variable, _, _): return "Fix the path or unset \(variable)."
        default: return nil
        }
    }
}

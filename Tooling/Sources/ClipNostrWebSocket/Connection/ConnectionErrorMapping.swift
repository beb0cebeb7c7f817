#if canImport(NIOPosix)
@_spi(ClipKitTooling) import ClipNostr
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// Turns what NIO, NIOSSL and NIOWebSocket throw into a ``RelayTransportError`` a person can act
/// on, without library dumps or build paths.
package enum ConnectionErrorMapping {
    /// The typed reason for `error`, met while connecting to or talking with `endpoint`.
    package static func map(_ error: any Error, endpoint: RelayEndpoint?, limit: Int) -> RelayTransportError {
        if let error = error as? RelayTransportError { return error }
        if let error = error as? RelayTLSError { return .tls(error) }
        if error is CancellationError { return .cancelled }
        let host = endpoint?.host ?? "the relay"
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return .hostNotFound(host)
            }
            // Every address failed; the first says why as well as any.
            if let first = error.connectionErrors.first { return map(first.error, endpoint: endpoint, limit: limit) }
            return .connectionFailed("no address of \(host) could be reached")
        }
        if error is SocketAddressError { return .hostNotFound(host) }
        if let error = error as? IOError { return socketError(errno: error.errnoCode) }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return .connectionTimedOut
            case .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed, .eof:
                return .disconnected("the connection closed")
            default: return .connectionFailed("the connection failed (\(error))")
            }
        }
        if let error = error as? NIOSSLExtraError {
            if error == .failedToValidateHostname { return .tls(.nameMismatch(host: host)) }
            if error == .cannotUseIPAddressInSNI || error == .invalidSNIHostname {
                return .tls(.handshakeFailed("\(host) cannot be sent as a TLS server name"))
            }
            return .tls(.handshakeFailed("the certificate could not be checked"))
        }
        if let error = error as? NIOSSLError { return tlsError(error) }
        if let error = error as? BoringSSLError { return .tls(.handshakeFailed(reason(of: error))) }
        if let error = error as? NIOWebSocketError {
            switch error {
            case .invalidFrameLength: return .frameTooLarge(limit: limit)
            case .fragmentedControlFrame: return .protocolViolation("a fragmented control frame")
            case .multiByteControlFrameLength: return .protocolViolation("a control frame longer than 125 bytes")
            }
        }
        if let error = error as? NIOWebSocketFrameAggregator.Error {
            switch error {
            case .accumulatedFrameSizeIsTooLarge: return .frameTooLarge(limit: limit)
            case .tooManyFragments: return .protocolViolation("a message in too many fragments")
            case .nonFinalFragmentSizeIsTooSmall: return .protocolViolation("a fragment too small to be useful")
            case .receivedNewFrameWithoutFinishingPrevious, .didReceiveFragmentBeforeReceivingTextOrBinaryFrame:
                return .protocolViolation("fragments out of order")
            }
        }
        if error is NIOHTTPClientUpgradeError {
            return .upgradeRefused("the server's upgrade answer was not a valid WebSocket handshake")
        }
        if error is HTTPParserError {
            return .upgradeRefused("the server did not answer with HTTP; is it a WebSocket relay?")
        }
        return .connectionFailed("the connection failed (\(type(of: error)))")
    }

    /// A socket-level failure by its `errno`.
    package static func socketError(errno code: Int32) -> RelayTransportError {
        switch code {
        case ECONNREFUSED: return .connectionRefused
        case ETIMEDOUT: return .connectionTimedOut
        case ECONNRESET, EPIPE: return .disconnected("the relay reset the connection")
        default: return .connectionFailed(String(cString: strerror(code)).lowercased())
        }
    }

    private static func tlsError(_ error: NIOSSLError) -> RelayTransportError {
        switch error {
        case .handshakeFailed(let failure): return .tls(handshakeReason(failure))
        case .uncleanShutdown: return .disconnected("the relay closed the connection without a TLS close")
        case .noCertificateToValidate: return .tls(.handshakeFailed("the relay sent no certificate"))
        case .unableToValidateCertificate: return .tls(.untrustedCertificate)
        case .cannotFindPeerIP: return .tls(.handshakeFailed("the relay's address is unknown, so its certificate cannot be checked"))
        default: return .tls(.handshakeFailed("TLS failed (\(error))"))
        }
    }

    /// The handshake failure in words: an untrusted chain, or BoringSSL's reason name.
    private static func handshakeReason(_ error: BoringSSLError) -> RelayTLSError {
        let text = reason(of: error)
        if text.contains("certificate verify failed") { return .untrustedCertificate }
        return .handshakeFailed(text)
    }

    /// BoringSSL's reason names (`WRONG_VERSION_NUMBER`, …) in lower case, without error numbers
    /// or the library's source paths.
    package static func reason(of error: BoringSSLError) -> String {
        let stack: [BoringSSLInternalError]
        switch error {
        case .sslError(let errors), .unknownError(let errors), .invalidSNIName(let errors), .failedToSetALPN(let errors):
            stack = errors
        case .zeroReturn: return "the relay closed the connection during the handshake"
        case .syscallError: return "the connection broke during the handshake"
        default: return "the handshake did not complete"
        }
        let names = stack.compactMap { reasonName(in: $0.description) }
        guard let first = names.first else { return "the handshake did not complete" }
        let words = first.replacingOccurrences(of: "_", with: " ").lowercased()
        if words == "wrong version number" || words == "http request" {
            return "the server did not answer with TLS; is the port a plain ws:// port?"
        }
        if words.contains("alert") { return "the relay refused the handshake (\(words))" }
        return words
    }

    /// `CERTIFICATE_VERIFY_FAILED` out of `Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /path/handshake.cc:320`.
    package static func reasonName(in description: String) -> String? {
        guard let marker = description.range(of: "error:") else { return nil }
        let fields = description[marker.upperBound...].split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count >= 4 else { return nil }
        let name = fields[3].split(separator: " ").first.map(String.init) ?? ""
        guard !name.isEmpty, name.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) else { return nil }
        return name
    }
}
#endif

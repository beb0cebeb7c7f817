#if canImport(NIOPosix)
import ClipNostr
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The NIP-05 fetch for servers, on SwiftNIO: one `GET`, no redirect followed, the body capped,
/// and the connection made only where an ``OutboundPolicy`` allows.
///
/// A NIP-05 name comes from a link or a profile anyone can write, so on a server its domain is a
/// destination someone else chose. With ``OutboundPolicy/publicOnly`` the domain is resolved and
/// checked first and the connection goes to the checked address (the certificate is still checked
/// against the name, which is also sent as the TLS server name); `http` is refused. With
/// ``OutboundPolicy/unrestricted`` the fetch connects wherever the URL says, `http` included
/// (``/ClipNostr/NIP05Verifier`` asks for `http` only for loopback domains, and only when told to).
package struct OutboundNIP05Fetcher: NIP05DocumentFetching {
    /// Where the fetch may connect.
    package let policy: OutboundPolicy
    private let tls: TLSContextSource

    /// How long the TCP connection may take; the verifier's own deadline bounds the whole fetch.
    static let connectTimeout = TimeAmount.seconds(5)

    /// Creates a fetcher that connects where `policy` allows and checks certificates against
    /// `trust` (the system's store and `SSL_CERT_FILE` / `SSL_CERT_DIR` when `nil`).
    package init(policy: OutboundPolicy, trust: RelayTrust? = nil) {
        self.policy = policy
        tls = TLSContextSource(trust: trust)
    }

    /// GETs `url` with no redirect followed and the body capped at `maximumBytes`.
    ///
    /// - Throws: ``OutboundRefusal`` when the policy refuses the destination; a transport error
    ///   (DNS, connection, TLS) otherwise.
    package func fetchDocument(at url: URL, maximumBytes: Int) async throws -> NIP05HTTPResponse {
        do {
            return try await fetch(url, maximumBytes: maximumBytes)
        } catch let error as OutboundRefusal {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            switch ConnectionErrorMapping.map(error, endpoint: nil, limit: maximumBytes) {
            case .connectionRefused: throw OutboundFetchError.transport("could not connect: the connection was refused")
            case .connectionTimedOut: throw OutboundFetchError.transport("could not connect: the connection timed out")
            case let other: throw OutboundFetchError.transport(other.description)
            }
        }
    }

    private func fetch(_ url: URL, maximumBytes: Int) async throws -> NIP05HTTPResponse {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let written = components.percentEncodedHost, !written.isEmpty
        else {
            throw OutboundRefusal.unresolvable(host: url.absoluteString, reason: "it is not an http or https URL with a host")
        }
        let isSecure = scheme == "https"
        if !isSecure, !policy.allowsPrivateAddresses { throw OutboundRefusal.plainText(url: url.absoluteString) }
        let host = written.hasPrefix("[") && written.hasSuffix("]") ? String(written.dropFirst().dropLast()) : written
        let port = components.port ?? (isSecure ? 443 : 80)
        // Resolved off the cooperative pool either way; the unrestricted policy checks nothing.
        let addresses = try await policy.checkedAddresses(host: host, port: port)
        let isAddress = IPAddress(text: host) != nil
        let context = isSecure ? try tls.context() : nil
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let target = path + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        let hostHeader = (host.contains(":") ? "[\(host)]" : host) + (components.port.map { ":\($0)" } ?? "")

        var lastError: any Error = OutboundRefusal.unresolvable(host: host, reason: "it has no address")
        for address in addresses {
            try Task.checkCancellation()
            let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
            do {
                channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connectTimeout(Self.connectTimeout)
                    .connect(to: address) { channel in
                        channel.eventLoop.makeCompletedFuture {
                            if let context {
                                let handler = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
                                try channel.pipeline.syncOperations.addHandler(handler)
                            }
                            try channel.pipeline.syncOperations.addHTTPClientHandlers(
                                leftOverBytesStrategy: .dropBytes, enableOutboundHeaderValidation: true
                            )
                            return try NIOAsyncChannel(wrappingChannelSynchronously: channel)
                        }
                    }
            } catch {
                lastError = error
                continue
            }
            return try await exchange(on: channel, target: target, hostHeader: hostHeader, maximumBytes: maximumBytes)
        }
        throw lastError
    }

    /// Sends the request and reads the answer, closing the connection when the calling task is
    /// cancelled or the body passes the cap.
    private func exchange(
        on channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>, target: String, hostHeader: String,
        maximumBytes: Int
    ) async throws -> NIP05HTTPResponse {
        let underlying = channel.channel
        return try await withTaskCancellationHandler {
            try await channel.executeThenClose { inbound, outbound in
                var headers = HTTPHeaders()
                headers.add(name: "Host", value: hostHeader)
                headers.add(name: "Accept", value: "application/json")
                headers.add(name: "Connection", value: "close")
                try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)))
                try await outbound.write(.end(nil))
                var status = 0
                var location: String?
                var body: [UInt8] = []
                for try await part in inbound {
                    switch part {
                    case .head(let head):
                        status = Int(head.status.code)
                        location = head.headers.first(name: "Location")
                        if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > maximumBytes {
                            return NIP05HTTPResponse(status: status, location: location, body: [], exceededLimit: true)
                        }
                    case .body(let buffer):
                        let room = maximumBytes - body.count
                        if buffer.readableBytes > room {
                            body.append(contentsOf: buffer.readableBytesView.prefix(max(0, room)))
                            return NIP05HTTPResponse(status: status, location: location, body: body, exceededLimit: true)
                        }
                        body.append(contentsOf: buffer.readableBytesView)
                    case .end:
                        return NIP05HTTPResponse(status: status, location: location, body: body)
                    }
                }
                throw OutboundFetchError.endedEarly
            }
        } onCancel: {
            underlying.close(promise: nil)
        }
    }
}

/// Why a fetch on a permitted connection failed, in words a person can act on.
enum OutboundFetchError: Error, LocalizedError, CustomStringConvertible {
    /// The connection ended before the response did.
    case endedEarly
    /// The connection or TLS failed; the reason in words.
    case transport(String)

    var description: String {
        switch self {
        case .endedEarly: return "the server closed the connection before the answer was complete"
        case .transport(let reason): return reason
        }
    }

    var errorDescription: String? { description }
}
#endif

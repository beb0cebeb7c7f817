import ClipLoopback
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import ClipTestSupport
import Foundation
import Testing

@Suite("WebSocket client transport")
struct WebSocketClientTransportTests {
    let factory = WebSocketClientTransportFactory()

    @Test("a closed port fails to connect with a clear error")
    func refusedConnection() async throws {
        let port = try LoopbackPort.free()
        let transport = factory.makeTransport(to: try RelayURL("ws://127.0.0.1:\(port)"), maximumFrameBytes: 1024)
        await #expect(throws: RelayTransportError.connectionRefused) { try await transport.connect() }
        await #expect(throws: RelayTransportError.notConnected) { try await transport.send("[]") }
        #expect(RelayTransportError.connectionRefused.code == .connectionRefused)
    }

    /// Connects to `relay`, sends a REQ and reads until the stream ends; returns the frames and
    /// the error the stream ended with.
    func readAll(from relay: HostileRelay) async throws -> (frames: [String], error: RelayTransportError?) {
        let transport = factory.makeTransport(to: relay.url, maximumFrameBytes: 10_000)
        try await transport.connect()
        try await transport.send(#"["REQ","s",{}]"#)
        var frames: [String] = []
        var ending: RelayTransportError?
        do {
            for try await frame in transport.receivedFrames { frames.append(frame) }
        } catch let error as RelayTransportError {
            ending = error
        }
        await transport.close()
        return (frames, ending)
    }

    @Test("a WebSocket close from the relay ends the stream with its code and reason")
    func closedByRelay() async throws {
        let relay = try await HostileRelay(.answer([.text(#"["NOTICE","bye"]"#), .close(code: 1008, reason: "rate-limited")]))
        let (frames, error) = try await readAll(from: relay)
        #expect(frames == [#"["NOTICE","bye"]"#])
        #expect(error == .closedByRelay(code: 1008, reason: "rate-limited"))
        #expect(error?.code == .closedByRelay)
    }

    @Test("a binary frame is a protocol error; a dropped connection is a drop")
    func protocolErrorAndDrop() async throws {
        let binary = try await readAll(from: try await HostileRelay(.answer([.binary("x")])))
        #expect(binary.error?.code == .protocolError)
        let dropped = try await readAll(from: try await HostileRelay(.answer([.dropConnection])))
        #expect(dropped.error?.code == .connectionDropped)
    }

    @Test("wss:// to a port that speaks plain WebSocket fails the TLS handshake, and says so")
    func tlsToPlainPort() async throws {
        let relay = try await HostileRelay(.answer([]))
        let url = try RelayURL(relay.url.string.replacingOccurrences(of: "ws://", with: "wss://"))
        let transport = factory.makeTransport(to: url, maximumFrameBytes: 1024)
        await #expect {
            try await transport.connect()
        } throws: { error in
            guard case .tls(.handshakeFailed(let reason)) = error as? RelayTransportError else { return false }
            return reason.contains("did not answer with TLS") && !reason.contains(".cc") && !reason.contains("BoringSSL")
        }
    }

    @Test("connect returns promptly when cancelled while the peer never answers the handshake")
    func cancelDuringHandshake() async throws {
        let relay = try await HostileRelay(.stallHandshake)
        let transport = factory.makeTransport(to: relay.url, maximumFrameBytes: 1024)
        let connecting = Task { try await transport.connect() }
        try await Task.sleep(for: .milliseconds(100))
        let cancelled = ContinuousClock.now
        connecting.cancel()
        await #expect(throws: RelayTransportError.cancelled) { try await connecting.value }
        // The peer never answers, so only cancellation can end the wait.
        #expect(ContinuousClock.now - cancelled < .milliseconds(200))
    }

    @Test("a frame over the cap is never delivered and ends the stream")
    func oversizedFrame() async throws {
        let relay = try await HostileRelay(.answer([.text(#"["NOTICE","small"]"#), .oversizedFrame(bytes: 100_000), .text(#"["NOTICE","after"]"#)]))
        let transport = factory.makeTransport(to: relay.url, maximumFrameBytes: 10_000)
        try await transport.connect()
        try await transport.send(#"["REQ","s",{}]"#)
        var frames: [String] = []
        do {
            for try await frame in transport.receivedFrames { frames.append(frame) }
        } catch {
            // Ending with an error is as good as ending: the frame was refused.
        }
        #expect(frames == [#"["NOTICE","small"]"#])
        await transport.close()
    }

    @Test("close ends the frame stream and the relay sees the connection closed")
    func close() async throws {
        let relay = try await HostileRelay(.answer([]))
        let transport = factory.makeTransport(to: relay.url, maximumFrameBytes: 1024)
        try await transport.connect()
        try await transport.send(#"["REQ","s",{}]"#)
        let reader = Task {
            var count = 0
            for try await _ in transport.receivedFrames { count += 1 }
            return count
        }
        await transport.close()
        #expect(try await reader.value == 0)
        #expect(await relay.waitUntilAllConnectionsClosed(timeout: .seconds(3)))
    }
}

@Suite("WebSocket client transport: names")
struct WebSocketClientTransportNameTests {
    @Test("a host name that does not resolve is a DNS failure that names the host")
    func unresolvableHost() async throws {
        // RFC 6761 reserves .invalid: no resolver may answer it.
        let transport = WebSocketClientTransportFactory().makeTransport(to: try RelayURL("wss://clipkit-no-such-host.invalid"), maximumFrameBytes: 1024)
        await #expect(throws: RelayTransportError.hostNotFound("clipkit-no-such-host.invalid")) { try await transport.connect() }
        #expect(RelayTransportError.hostNotFound("x").code == .dnsFailure)
    }
}

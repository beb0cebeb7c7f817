import ClipLoopback
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct LoopbackSocketTests {
    @Test func aSocketBoundToPortZeroHoldsTheRealPortItWasGiven() throws {
        let descriptor = try #require(LoopbackSocket.bound(toPort: 0))
        defer { close(descriptor) }
        let port = try #require(LoopbackSocket.localPort(of: descriptor))
        #expect((1...65_535).contains(port))
        #expect(LoopbackSocket.bound(toPort: port) == nil, "a second socket must not take a port that is bound")
    }

    @Test func connectingReachesAListenerAndFailsOnceItCloses() throws {
        let listener = try #require(LoopbackSocket.bound(toPort: 0, reusesAddress: true))
        let port = try #require(LoopbackSocket.localPort(of: listener))
        #expect(listen(listener, 4) == 0)
        let client = try #require(LoopbackSocket.connected(toPort: port))
        close(client)
        #expect(LoopbackPort.isListening(port))
        close(listener)
        #expect(LoopbackSocket.connected(toPort: port) == nil)
        #expect(!LoopbackPort.isListening(port))
    }

    @Test func aFreePortCanBeBoundAgainByAServer() throws {
        let port = try LoopbackPort.free()
        let descriptor = try #require(LoopbackSocket.bound(toPort: port, reusesAddress: true))
        close(descriptor)
    }
}

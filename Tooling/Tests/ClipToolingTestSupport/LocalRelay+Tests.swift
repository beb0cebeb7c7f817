import ClipLoopback
import ClipTestSupport
import Foundation

extension LocalRelay {
    /// Starts a relay on a free port of `address` from the tests' Python environment and waits
    /// until it listens.
    package static func start(on address: LoopbackAddress = .ipv4) async throws -> LocalRelay {
        try await start(port: LoopbackPort.free(), address: address, virtualEnvironment: TestEnvironment.virtualEnvironment)
    }

    /// Starts `count` relays at once.
    package static func start(count: Int) async throws -> [LocalRelay] {
        try await withThrowingTaskGroup(of: LocalRelay.self) { group in
            for _ in 0..<count { group.addTask { try await start() } }
            var relays: [LocalRelay] = []
            for try await relay in group { relays.append(relay) }
            return relays
        }
    }
}

import ClipNostrUI
import Foundation

/// Stands in for the relay fetcher: the test decides which profiles and relay outcomes arrive and
/// when, and sees whether the model stopped reading (which is how it cancels a fetch).
final class ScriptedProfileSource: DriverProfileLoading, @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: AsyncStream<DriverProfileUpdate>.Continuation?
    private var terminated = false
    private var loads = 0
    let pubkey: String
    let relayCount: Int
    let rejection: DriverProfileLoadingError?

    init(pubkey: String = ScriptedProfileSource.samplePubkey, relayCount: Int = 2, rejection: DriverProfileLoadingError? = nil) {
        self.pubkey = pubkey
        self.relayCount = relayCount
        self.rejection = rejection
    }

    static let samplePubkey = String(repeating: "ab", count: 32)
    static let sampleNpub = "npub1" + String(repeating: "q", count: 58)

    func loadProfile(ofDriver npub: String) throws(DriverProfileLoadingError) -> DriverProfileLoad {
        if let rejection { throw rejection }
        let (stream, continuation) = AsyncStream<DriverProfileUpdate>.makeStream()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { self.terminated = true }
        }
        lock.withLock {
            self.continuation = continuation
            terminated = false
            loads += 1
        }
        return DriverProfileLoad(pubkey: pubkey, relayCount: relayCount, updates: stream)
    }

    func send(_ update: DriverProfileUpdate) {
        _ = lock.withLock { continuation }?.yield(update)
    }

    func finish() {
        lock.withLock { continuation }?.finish()
    }

    var wasTerminated: Bool { lock.withLock { terminated } }
    var loadCount: Int { lock.withLock { loads } }
    var hasStarted: Bool { lock.withLock { continuation != nil } }

    /// A profile of the sample driver published at `seconds` after the epoch.
    static func profile(
        name: String = "Alice", at seconds: TimeInterval, eventID: String? = nil, pubkey: String = samplePubkey,
        custom: [String: String] = ["car_color": "Blue", "car_make": "Toyota", "car_model": "Prius"]
    ) -> DriverProfile {
        DriverProfile(
            pubkey: pubkey, eventID: eventID, createdAt: Date(timeIntervalSince1970: seconds), name: name.lowercased(),
            displayName: name, picture: "https://example.com/\(name).png", customFields: custom, relay: "wss://relay.example"
        )
    }
}

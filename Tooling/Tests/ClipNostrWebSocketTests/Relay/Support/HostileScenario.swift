@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import Foundation

/// Signed events for the hostile-relay suite, made once by nostr-sdk at a fixed time, and a fetch
/// setup whose clock is set to that time.
struct HostileScenario: Sendable {
    /// The moment the suite's clock shows.
    static let now: Int64 = 1_750_000_000

    /// The driver's older genuine profile.
    let olderProfile: NostrEvent
    /// The driver's newest genuine profile: the one every test must end up showing.
    let newestProfile: NostrEvent
    /// A genuine profile of the driver dated a day ahead of the suite's clock.
    let futureProfile: NostrEvent
    /// A genuine kind-1 note by the driver, newer than any profile.
    let note: NostrEvent
    /// A genuine, newer profile by someone else.
    let impostorProfile: NostrEvent
    /// The driver's public key.
    let driver: String

    /// A newer "profile" with a correct id but a signature made for another event.
    var forgedSignature: NostrEvent {
        var forged = newestProfile.altered {
            $0.content = #"{"name":"forged signature"}"#
            $0.createdAt = Self.now - 5
        }
        forged.id = forged.computedID()
        return forged
    }

    /// The newest profile with its content changed but its id and signature kept.
    var wrongID: NostrEvent {
        newestProfile.altered {
            $0.content = #"{"name":"tampered"}"#
            $0.createdAt = Self.now - 5
        }
    }

    /// Forgeries with strictly increasing `created_at`, all newer than the genuine profile, so a
    /// client that checks nothing would show the last one.
    func forgedFlood(count: Int) -> [NostrEvent] {
        (0..<count).map { index in
            var forged = newestProfile.altered {
                $0.content = #"{"name":"flood \#(index)"}"#
                $0.createdAt = Self.now - 900 + Int64(index % 800)
            }
            if index.isMultiple(of: 2) { forged.id = forged.computedID() }
            return forged
        }
    }

    /// A fetcher whose clock shows ``now``. The default deadline is generous because relays that
    /// behave end the fetch at once; tests about deadlines pass short ones.
    static func fetcher(timeout: Duration = .seconds(5), graceWindow: Duration = .milliseconds(300)) -> ProfileFetcher {
        ProfileFetcher(
            configuration: ProfileFetchConfiguration(timeout: timeout, graceWindow: graceWindow),
            transportFactory: WebSocketClientTransportFactory(),
            currentTime: { Date(timeIntervalSince1970: TimeInterval(now)) }
        )
    }

    /// The events, signed once per test run.
    static func load() async throws -> HostileScenario {
        try await cache.value()
    }

    private static let cache = Cache()

    private actor Cache {
        private var scenario: HostileScenario?

        func value() async throws -> HostileScenario {
            if let scenario { return scenario }
            let signed = try await RelayFixtures.sign([
                .init(key: "driver", content: #"{"name":"old name"}"#, createdAt: now - 2000),
                .init(key: "driver", content: #"{"name":"ana","display_name":"Ana 🚗","car_make":"Toyota","car_color":"blue"}"#, createdAt: now - 1000),
                .init(key: "driver", content: #"{"name":"from the future"}"#, createdAt: now + 86_400),
                .init(key: "driver", kind: 1, content: #"{"name":"a note, not a profile"}"#, createdAt: now - 10),
                .init(key: "impostor", content: #"{"name":"impostor"}"#, createdAt: now - 10),
            ])
            let made = HostileScenario(
                olderProfile: signed[0].event, newestProfile: signed[1].event, futureProfile: signed[2].event,
                note: signed[3].event, impostorProfile: signed[4].event, driver: signed[0].pubkey
            )
            scenario = made
            return made
        }
    }
}

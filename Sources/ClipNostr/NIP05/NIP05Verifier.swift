import ClipKit
import Foundation

/// Checks NIP-05 addresses against their domains: fetches `https://<domain>/.well-known/nostr.json?name=<name>`
/// with no redirect followed, a body cap and a timeout of its own, and reads the answer strictly.
///
/// ```swift
/// let verifier = NIP05Verifier()
/// let identity = try await verifier.resolve(try NIP05Address("maria@roadflare.app"))   // key + relay hints
/// let check = await verifier.verify(profile.nip05 ?? "", publicKey: event.pubkey)     // .verified only when it maps to the key
/// ```
///
/// Plain `http` is used only for a loopback domain, and only when
/// ``Configuration/allowsPlainHTTPOnLoopback`` is set (local servers and tests); otherwise every
/// request is `https`, so an address cannot point a server at an internal plain-text service.
/// The timeout is the verifier's own: even a fetch that ignores cancellation ends in
/// ``NIP05Error/timedOut(url:seconds:)`` on time.
@available(iOS 16.0, macOS 13.0, *)
public struct NIP05Verifier: Sendable {
    /// The bounds of a verifier.
    public struct Configuration: Sendable, Equatable {
        /// The default body cap: 1 MiB (`NIP05Document.defaultMaximumBytes`).
        public static let defaultMaximumBodyBytes = NIP05Document.defaultMaximumBytes
        /// The default timeout: five seconds.
        public static let defaultTimeout: Duration = .seconds(5)

        /// The longest body read; a longer one is ``NIP05Error/tooLarge(url:limit:)``.
        public var maximumBodyBytes: Int
        /// How long a lookup may take, from the request to the parsed answer.
        public var timeout: Duration
        /// The most relay hints kept from the document's `relays` entry.
        public var maximumRelayHints: Int
        /// Whether a loopback domain (`localhost`, `127.x.x.x`, `::1`) is fetched over plain `http`.
        /// Off by default; for local servers and tests only.
        public var allowsPlainHTTPOnLoopback: Bool

        /// Creates a configuration; the defaults suit a clip and a server.
        public init(
            maximumBodyBytes: Int = Self.defaultMaximumBodyBytes, timeout: Duration = Self.defaultTimeout,
            maximumRelayHints: Int = NIP05Document.defaultMaximumRelayHints, allowsPlainHTTPOnLoopback: Bool = false
        ) {
            self.maximumBodyBytes = maximumBodyBytes
            self.timeout = timeout
            self.maximumRelayHints = maximumRelayHints
            self.allowsPlainHTTPOnLoopback = allowsPlainHTTPOnLoopback
        }
    }

    /// The verifier's bounds.
    public let configuration: Configuration
    private let fetcher: any NIP05DocumentFetching

    /// Creates a verifier.
    ///
    /// - Parameters:
    ///   - configuration: The body cap, the timeout, the hint cap and whether loopback may use `http`.
    ///   - fetcher: The HTTP client; `URLSession` by default.
    public init(configuration: Configuration = Configuration(), fetcher: any NIP05DocumentFetching = URLSessionNIP05Fetcher()) {
        self.configuration = configuration
        self.fetcher = fetcher
    }

    /// The URL the verifier fetches for `address`: its `wellKnownURL`, or the `http` one for a
    /// loopback domain when the configuration allows it.
    @_spi(ClipKitTooling) public func documentURL(for address: NIP05Address) -> URL {
        if configuration.allowsPlainHTTPOnLoopback, let plain = address.loopbackHTTPURL { return plain }
        return address.wellKnownURL
    }

    /// Looks `address` up: the key its domain lists for it and the relays the document names for that key.
    ///
    /// - Throws: ``NIP05Error``; ``NIP05Error/nameNotListed(_:url:)`` when the document does not list the name.
    @_spi(ClipKitTooling) public func resolve(_ address: NIP05Address) async throws(NIP05Error) -> NIP05Identity {
        let url = documentURL(for: address)
        let document = try await fetchDocument(at: url)
        guard let identity = try document.lookUp(address) else { throw .nameNotListed(address, url: url) }
        return identity
    }

    /// Checks a profile's `nip05` field against the profile's key; a bare domain reads as `_@domain`.
    ///
    /// - Parameters:
    ///   - claim: The `nip05` field as the profile gives it, such as `maria@roadflare.app`.
    ///   - publicKey: The profile's author, 64 lowercase hexadecimal characters.
    /// - Returns: ``NIP05Verification/verified(_:)`` only when the domain lists the name with `publicKey`.
    public func verify(_ claim: String, publicKey: String) async -> NIP05Verification {
        let address: NIP05Address
        do {
            // A bare domain is how `_@domain` is shown, and how some profiles write it.
            address = try NIP05Address(checking: claim.contains("@") ? claim : "_@" + claim)
        } catch {
            return .failed(.invalidAddress(claim, error))
        }
        do {
            let identity = try await resolve(address)
            guard identity.publicKey == publicKey.lowercased() else {
                return .mismatch(.differentKey(address, listed: identity.publicKey))
            }
            return .verified(identity)
        } catch {
            if case .nameNotListed(let address, _) = error { return .mismatch(.nameNotListed(address)) }
            return .failed(error)
        }
    }

    /// Checks the `nip05` field of `profile`, written by `publicKey`; `nil` when the profile has none.
    public func verify(_ profile: Profile, publicKey: String) async -> NIP05Verification? {
        guard let claim = profile.nip05 else { return nil }
        return await verify(claim, publicKey: publicKey)
    }

    /// Fetches and reads the document at `url` within the timeout.
    private func fetchDocument(at url: URL) async throws(NIP05Error) -> NIP05Document {
        let limit = configuration.maximumBodyBytes
        let fetcher = self.fetcher
        let outcome = await NIP05Deadline.run(within: configuration.timeout) { () async -> Result<NIP05HTTPResponse, NIP05Error> in
            do {
                return .success(try await fetcher.fetchDocument(at: url, maximumBytes: limit))
            } catch {
                return .failure(.transport(url: url, reason: Self.describe(error)))
            }
        }
        guard let outcome else {
            let (seconds, attoseconds) = configuration.timeout.components
            throw .timedOut(url: url, seconds: Double(seconds) + Double(attoseconds) / 1e18)
        }
        let response = try outcome.get()
        if (300..<400).contains(response.status) {
            throw .redirect(url: url, status: response.status, location: response.location)
        }
        guard response.status == 200 else { throw .httpStatus(url: url, status: response.status) }
        guard !response.exceededLimit, response.body.count <= limit else { throw .tooLarge(url: url, limit: limit) }
        return try NIP05Document(parsing: response.body, url: url, maximumBytes: limit, maximumRelayHints: configuration.maximumRelayHints)
    }

    private static func describe(_ error: any Error) -> String {
        // NSError's localized description is the transport's own sentence ("Could not resolve
        // host: …"), not the dump of its user info that describing it would give.
        let text = (error as? any LocalizedError)?.errorDescription ?? (error as NSError).localizedDescription
        return String(text.prefix(300))
    }
}

/// How a profile's NIP-05 address fared against its domain.
public enum NIP05Verification: Sendable, Equatable, CustomStringConvertible {
    /// The domain lists the name with the profile's key.
    case verified(NIP05Identity)
    /// The domain answered, and does not vouch for this key.
    case mismatch(NIP05Mismatch)
    /// The address could not be checked.
    case failed(NIP05Error)

    /// Whether the address may be shown as the person's.
    public var isVerified: Bool {
        if case .verified = self { return true }
        return false
    }

    /// The verified identity, when there is one.
    public var identity: NIP05Identity? {
        if case .verified(let identity) = self { return identity }
        return nil
    }

    /// A short stable code for reports: `verified`, `different-key`, `name-not-listed`, or the
    /// ``NIP05Error/code`` of the failure.
    public var code: String {
        switch self {
        case .verified: return "verified"
        case .mismatch(.differentKey): return "different-key"
        case .mismatch(.nameNotListed): return "name-not-listed"
        case .failed(let error): return error.code
        }
    }

    /// What was found, for a person.
    public var description: String {
        switch self {
        case .verified(let identity): return "\(identity.address) is verified for \(identity.publicKey)"
        case .mismatch(let mismatch): return mismatch.description
        case .failed(let error): return "not verified: \(error.description)"
        }
    }
}

/// Why a domain that answered does not vouch for a profile's key.
public enum NIP05Mismatch: Sendable, Equatable, CustomStringConvertible {
    /// The document does not list the name.
    case nameNotListed(NIP05Address)
    /// The document lists the name with another key.
    case differentKey(NIP05Address, listed: String)

    /// What was found, for a person.
    public var description: String {
        switch self {
        case .nameNotListed(let address):
            return "not verified: \(address.domain) does not list '\(address.localPart)'"
        case .differentKey(let address, let listed):
            return "not verified: \(address.domain) lists '\(address.localPart)' with another key (\(listed.prefix(16))…)"
        }
    }
}

/// Runs an operation against a deadline that does not depend on the operation noticing
/// cancellation: the caller is resumed at the deadline, and the operation is cancelled.
@available(iOS 16.0, macOS 13.0, *)
enum NIP05Deadline {
    /// The operation's result, or `nil` when `timeout` passed (or the caller was cancelled) first.
    static func run<Value: Sendable>(
        within timeout: Duration, _ operation: @escaping @Sendable () async -> Value
    ) async -> Value? {
        let gate = OnceGate<Value?>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                gate.set(continuation)
                let work = Task { gate.resume(with: await operation()) }
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    gate.resume(with: nil)
                    work.cancel()
                }
                gate.onResume { work.cancel(); timer.cancel() }
            }
        } onCancel: {
            gate.resume(with: nil)
        }
    }

    /// Resumes one continuation once, whichever of the racers comes first.
    private final class OnceGate<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, Never>?
        private var early: Value?
        private var hasEarly = false
        private var done = false
        private var cleanup: (@Sendable () -> Void)?

        func set(_ continuation: CheckedContinuation<Value, Never>) {
            lock.lock()
            if hasEarly, let early {
                // The caller was cancelled before the continuation existed.
                done = true
                lock.unlock()
                continuation.resume(returning: early)
                return
            }
            self.continuation = continuation
            lock.unlock()
        }

        func onResume(_ action: @escaping @Sendable () -> Void) {
            lock.lock()
            if done {
                lock.unlock()
                action()
                return
            }
            cleanup = action
            lock.unlock()
        }

        func resume(with value: Value) {
            lock.lock()
            guard !done else {
                lock.unlock()
                return
            }
            guard let continuation else {
                early = value
                hasEarly = true
                lock.unlock()
                return
            }
            done = true
            self.continuation = nil
            let action = cleanup
            cleanup = nil
            lock.unlock()
            continuation.resume(returning: value)
            action?()
        }
    }
}

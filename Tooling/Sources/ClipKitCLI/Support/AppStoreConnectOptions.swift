import ArgumentParser
import ClipAppStoreConnect
import ClipKit
import ClipSite
import Foundation

/// The App Store Connect API key and base that `experiences push` and `doctor --asc` share.
package struct AppStoreConnectOptions: ParsableArguments, Sendable {
    /// The `.p8` key file.
    @Option(name: .long, help: "The App Store Connect API key (.p8 file).")
    package var key: String?

    /// The key's ID.
    @Option(name: .customLong("key-id"), help: "The key's ID.")
    package var keyID: String?

    /// The issuer ID.
    @Option(name: .long, help: "The issuer ID (App Store Connect > Users and Access > Integrations).")
    package var issuer: String?

    /// The API base, for tests.
    @Option(name: [.customLong("asc-base-url"), .customLong("api-base-url")],
            help: "The API base (default: https://api.appstoreconnect.apple.com; plain http only for loopback).")
    package var baseURL: String?

    /// Seconds before the first retry.
    @Option(name: .customLong("retry-delay"), help: "Seconds to wait before the first retry of a 429 or 5xx answer; the wait doubles each time.")
    package var retryDelay: Double = 1

    /// Creates the options with their defaults.
    package init() {}

    /// Whether any of the options was given.
    var isGiven: Bool { key != nil || keyID != nil || issuer != nil || baseURL != nil }

    /// A client signed with the key, or a bad-input failure that says which option is missing or wrong.
    func client() throws -> AppStoreConnectClient {
        guard retryDelay >= 0, retryDelay <= 60 else { throw CommandFailure.badInput("--retry-delay must be between 0 and 60 seconds") }
        let missing = [("--key", key), ("--key-id", keyID), ("--issuer", issuer)].filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let key, let keyID, let issuer else {
            throw CommandFailure.badInput("missing \(missing.joined(separator: ", ")): the App Store Connect API needs the .p8 key file (--key), its ID (--key-id) and the issuer ID (--issuer)")
        }
        do {
            let token = try AppStoreConnectToken(p8File: key, keyID: keyID, issuerID: issuer)
            var base = AppStoreConnectClient.appleBaseURL
            if let baseURL {
                guard let url = URL(string: baseURL) else { throw CommandFailure.badInput("--asc-base-url: '\(baseURL.truncatedForMessage)' is not a URL") }
                base = url
            }
            return try AppStoreConnectClient(baseURL: base, token: token,
                                             retryPolicy: AppStoreConnectRetryPolicy(initialDelay: retryDelay, maximumDelay: max(retryDelay, 1) * 30))
        } catch let error as AppStoreConnectError {
            throw Self.failure(error)
        }
    }

    /// How an API error ends a command: a key or base that cannot be used is bad input (exit 2);
    /// the rest exit 1 with the error's advice.
    static func failure(_ error: AppStoreConnectError) -> CommandFailure {
        switch error {
        case .badKey, .badBaseURL: return CommandFailure.badInput(error.description)
        default: return CommandFailure(exitCode: 1, message: error.description, printedResult: false)
        }
    }
}

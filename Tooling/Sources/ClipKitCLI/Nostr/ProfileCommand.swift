import ArgumentParser
import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import Foundation

/// `clipkit profile NPUB|NPROFILE|NEVENT|NADDR|NAME@DOMAIN|SHARE-URL`: fetch and verify a person's
/// newest kind-0 profile, and check its NIP-05 address.
package struct ProfileCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Fetch a person's newest verified profile from their relays.",
        discussion: """
            The person: an npub, an nprofile, an nevent that names its author (the author's profile), \
            an naddr of kind 0, a NIP-05 address (name@domain), or a share URL. Relays asked: the \
            string's relay hints, then each --relay, then the manifest's nostr.relays (repeats \
            removed). A share URL is routed through the manifest to its npub, nostrProfile or \
            nostrPerson parameter. A NIP-05 address is looked up at \
            https://domain/.well-known/nostr.json (no redirects followed, 1 MiB at most, within \
            --timeout): the key it lists is fetched, and its relays entry for that key serves as \
            relay hints. The relays are also asked for the author's relay list (kind 10002, NIP-65); \
            when a relay has answered and there is no profile, or only one older than 90 days, up to \
            --write-relays of the author's write relays are asked too, within the same --timeout, at \
            public addresses over wss:// only unless --allow-private-outbound is given. The \
            text output's "path" line and --json's relayList and each relay's role show the way. On \
            a terminal each relay's progress is shown live on standard error.

            NIP-05: the found profile's nip05 field counts only when its domain lists the name with \
            the profile's key; --json's nip05Verified and nip05ReasonCode (verified, different-key, \
            name-not-listed, redirect, http-status, too-large, timed-out, not-json, \
            invalid-document, invalid-public-key, invalid-address, transport) say how the check ended.

            Relay URLs: wss:// with a host name, an IPv4 address (wss://192.0.2.7:7447) or an IPv6 \
            address in brackets (wss://[2001:db8::7]:7447); ws:// only on loopback. Certificates \
            are checked against the system's trust store plus, as curl and OpenSSL do, the CA \
            certificates in SSL_CERT_FILE (a PEM file) and SSL_CERT_DIR (a folder of PEM files); \
            for an IP address the certificate must name that address.

            Exit status: 0 when a verified profile was found; 1 when none was, and the summary \
            line and --json's reasonCode say which: "not-found" (relays answered and had no \
            verified profile) or "no-relay-answered" (every relay failed, so nothing could be \
            asked); 2 on bad input, including a NIP-05 address that does not resolve to a key \
            and an SSL_CERT_FILE or SSL_CERT_DIR that cannot be used. Each relay in --json's relays has an outcome (eose, closed, failed, timedOut, \
            cancelled) and, when it did not answer in full, a reasonCode (dns-failure, \
            connection-refused, connect-timed-out, tls-untrusted-certificate, tls-name-mismatch, \
            tls-handshake-failed, upgrade-refused, closed-by-relay, subscription-closed, \
            protocol-error, timed-out, …) and a reason in words.
            """
    )

    /// The person: an npub, nprofile, nevent, naddr, NIP-05 address or a share URL.
    @Argument(help: "An npub1…, nprofile1…, nevent1… (with author), naddr1… (kind 0), a NIP-05 address (name@domain) or a share URL that a manifest route maps to a person.")
    package var target: String

    /// Extra relays.
    @Option(name: .customLong("relay"), help: "A relay to ask (wss://, or ws:// on loopback); repeat for more.")
    package var relays: [String] = []

    /// The most write relays asked from the author's relay list.
    @Option(name: .customLong("write-relays"), help: ArgumentHelp(
        "The most of the author's write relays (their kind 10002 relay list) to ask when the given relays have no profile or only a stale one; 0 asks only the given relays (default 3).",
        valueName: "N"
    ))
    package var writeRelays: Int = 3

    /// Whether write relays from the author's relay list may be private addresses.
    @Flag(name: .customLong("allow-private-outbound"), help: ArgumentHelp(
        "Let the write relays named by the author's relay list be loopback, private or other non-public addresses, and ws:// relays. Off by default: anyone can publish a relay list, so its write relays are resolved first and contacted only at public unicast addresses, over wss://; a refused one is reported with its address and why. The relays you give (--relay, hints, the manifest) are never checked."
    ))
    package var allowPrivateOutbound = false

    /// The overall deadline, in seconds.
    @Option(name: .long, help: "Seconds before the answer is final whatever the relays do (default 5).")
    package var timeout: Double = 5

    /// Whether a loopback NIP-05 domain is asked over plain http.
    @Flag(name: .customLong("nip05-loopback-http"), help: "Look NIP-05 addresses on a loopback domain (127.0.0.1, localhost) up over plain http, for local servers.")
    package var nip05LoopbackHTTP = false

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var signatureBackend: SignatureBackendOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Fetches the profile and prints it; exits 1 when none was found, 2 on bad input.
    package func run() async throws {
        guard timeout.isFinite, timeout > 0, timeout <= 600 else {
            throw CommandFailure.badInput("--timeout \(timeout): give a number of seconds between 0 and 600")
        }
        let manifest = try manifestOption.loadIfPresent()
        let router = try manifest.map(manifestOption.router(for:))
        let nip05Verifier = NIP05Verifier(configuration: .init(
            timeout: min(NIP05Verifier.Configuration.defaultTimeout, .milliseconds(Int64((timeout * 1000).rounded()))),
            allowsPlainHTTPOnLoopback: nip05LoopbackHTTP
        ))
        for relay in relays {
            do {
                _ = try RelayURL(relay)
            } catch {
                throw CommandFailure.badInput("--relay \(relay.truncatedForMessage): \(error)")
            }
        }
        guard (0...16).contains(writeRelays) else {
            throw CommandFailure.badInput("--write-relays \(writeRelays): give a number from 0 to 16")
        }
        let configuration = ProfileFetchConfiguration(
            timeout: .milliseconds(Int64((timeout * 1000).rounded())), maximumWriteRelays: writeRelays
        )
        let selection = RelaySelection([relays, manifest?.nostr?.relays ?? []], limit: configuration.maximumRelays)
        for skipped in selection.refused {
            Output.writeStandardError("clipkit: skipping relay \(skipped.url.truncatedForMessage): \(skipped.reason.description)")
        }
        for skipped in selection.leftOut {
            Output.writeStandardError("clipkit: skipping relay \(skipped.string): more than \(selection.relays.count) relays")
        }

        let trust: RelayTrust
        do throws(RelayTLSError) {
            trust = try RelayTrust.fromEnvironment()
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        var fetcher = ProfileFetcher(
            configuration: configuration, transportFactory: WebSocketClientTransportFactory(trust: trust),
            verifier: EventVerifier(signatureVerifier: try signatureBackend.makeVerifier())
        )
        fetcher.writeRelayTransportFactory = WebSocketClientTransportFactory(
            outbound: allowPrivateOutbound ? .unrestricted : .publicOnly, trust: trust
        )
        // The string's own relay hints are asked first, then --relay, then the manifest's.
        let lookup = ProfileLookup(fetcher: fetcher, relays: selection.relays, nip05Verifier: nip05Verifier, followsRelayHints: true)
        let run: ProfileLookupRun
        do {
            run = try lookup.start(target, router: router)
        } catch {
            throw CommandFailure.badInput("\(target.truncatedForMessage): \((error as? any LocalizedError)?.errorDescription ?? "\(error)")")
        }
        let display = RelayProgressDisplay.forStandardError(enabled: !output.json)
        var publicKey: String?
        var final: ProfileFetchUpdate?
        var outcome: ProfileLookupOutcome?
        for await step in run {
            switch step {
            case .nameResolved: break
            case .fetchStarted(let key, _): publicKey = key
            case .fetch(let update):
                display?.show(update)
                if update.isFinal { final = update }
            case .nip05Checked: break
            case .finished(let ended): outcome = ended
            }
        }
        switch outcome {
        case .absent(.nameNotListed(let address))?:
            let error = NIP05Error.nameNotListed(address, url: nip05Verifier.documentURL(for: address))
            throw CommandFailure.badInput("\(target.truncatedForMessage): the NIP-05 address could not be resolved: \(error.description)")
        case .absent(.namesNotLookedUp)?, .unreachable(.nameLookupFailed)?, .unreachable(.deadlinePassed)?:
            throw CommandFailure.badInput("\(target.truncatedForMessage): \(outcome?.description ?? "")")
        case .unreachable(.noRelays)?:
            throw CommandFailure.badInput("no relays to ask: pass --relay, use an nprofile (or nevent, naddr) with relay hints, or a manifest with nostr.relays")
        default:
            break
        }
        guard let final, let publicKey else {
            throw CommandFailure.badInput("the fetch ended without a result")
        }
        var nip05: NIP05Verification?
        if case .found(_, let checked)? = outcome { nip05 = checked }
        let report = ProfileReport(publicKey: publicKey, update: final, nip05: nip05)
        Output.emit(report, json: output.json) { report.text }
        if let summary = report.missSummary {
            throw CommandFailure.negative(summary)
        }
    }
}

import ArgumentParser
import ClipKit
import ClipNostr
import ClipNostrWebSocket
import Foundation

/// `clipkit profile NPUB|NPROFILE|SHARE-URL`: fetch and verify a person's newest kind-0 profile.
public struct ProfileCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Fetch a person's newest verified profile from their relays.",
        discussion: """
            Relays asked: the nprofile's hints, then each --relay, then the manifest's nostr.relays \
            (repeats removed). A share URL is routed through the manifest to find the npub. On a \
            terminal each relay's progress is shown live on standard error. Exits 1 when no \
            verified profile was found.
            """
    )

    /// The person: an npub, an nprofile or a share URL.
    @Argument(help: "An npub1…, nprofile1… or a share URL that a manifest route maps to an npub.")
    public var target: String

    /// Extra relays.
    @Option(name: .customLong("relay"), help: "A relay to ask (wss://, or ws:// on loopback); repeat for more.")
    public var relays: [String] = []

    /// The overall deadline, in seconds.
    @Option(name: .long, help: "Seconds before the answer is final whatever the relays do (default 5).")
    public var timeout: Double = 5

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var signatureBackend: SignatureBackendOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    /// Fetches the profile and prints it; exits 1 when none was found, 2 on bad input.
    public func run() async throws {
        guard timeout.isFinite, timeout > 0, timeout <= 600 else {
            throw CommandFailure.badInput("--timeout \(timeout): give a number of seconds between 0 and 600")
        }
        let manifest = try loadManifestIfPresent()
        var router: InvocationRouter?
        if let manifest {
            do throws(RouterConfigurationError) {
                router = try InvocationRouter(manifest: manifest, parameterKinds: CommandEnvironment.parameterKinds)
            } catch {
                throw CommandFailure.badInput("\(manifestOption.manifest): \(error.description)")
            }
        }
        let resolved: ProfileTarget
        do throws(ProfileTargetError) {
            resolved = try ProfileTarget(resolving: target, router: router)
        } catch {
            throw CommandFailure.badInput("\(target.truncatedForMessage): \(error.description)")
        }
        for relay in relays {
            do {
                _ = try RelayURL(relay)
            } catch {
                throw CommandFailure.badInput("--relay \(relay.truncatedForMessage): \(error.description)")
            }
        }
        var configuration = ProfileFetchConfiguration(timeout: .milliseconds(Int64((timeout * 1000).rounded())))
        let selection = RelaySelection(
            [resolved.relayHints, relays, manifest?.nostr?.relays ?? []], limit: configuration.maximumRelays
        )
        configuration.maximumRelays = selection.relays.count
        guard !selection.relays.isEmpty else {
            throw CommandFailure.badInput("no relays to ask: pass --relay, use an nprofile with relay hints, or a manifest with nostr.relays")
        }
        for skipped in selection.refused {
            Output.writeStandardError("clipkit: skipping relay \(skipped.url.truncatedForMessage): \(skipped.reason.description)")
        }
        for skipped in selection.leftOut {
            Output.writeStandardError("clipkit: skipping relay \(skipped.string): more than \(selection.relays.count) relays")
        }

        let pool = RelayPool(
            configuration: configuration, transportFactory: RelayTransports.tooling,
            verifier: EventVerifier(signatureVerifier: try signatureBackend.makeVerifier())
        )
        let fetch: ProfileFetch
        do {
            fetch = try pool.fetchProfile(of: resolved.publicKey, from: selection.relays)
        } catch {
            throw CommandFailure.badInput("\(target.truncatedForMessage): \(error.description)")
        }
        let display = RelayProgressDisplay.forStandardError(enabled: !output.json)
        var final: ProfileFetchUpdate?
        for await update in fetch {
            display?.show(update)
            if update.isFinal { final = update }
        }
        guard let final else {
            throw CommandFailure.badInput("the fetch ended without a result")
        }
        let report = ProfileReport(publicKey: resolved.publicKey, update: final)
        Output.emit(report.json, json: output.json) { report.text }
        if final.profile == nil {
            throw CommandFailure.negative("no verified profile of \(resolved.publicKey) was found on \(selection.relays.count) relay(s)")
        }
    }

    /// The manifest when the file exists; `nil` when it does not (an npub needs no manifest).
    private func loadManifestIfPresent() throws -> ClipManifest? {
        guard FileManager.default.fileExists(atPath: manifestOption.manifest) else { return nil }
        return try manifestOption.load()
    }
}

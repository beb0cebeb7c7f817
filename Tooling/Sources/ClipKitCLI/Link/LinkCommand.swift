import ArgumentParser
import ClipKit
import ClipNostr
import Foundation

/// `clipkit link`: make share links.
package struct LinkCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Make share links from the manifest's routes.",
        subcommands: [LinkMakeCommand.self]
    )

    /// Creates the command.
    package init() {}
}

/// `clipkit link make NPUB|EVENT-FILE`: the share link for a profile, with the signed profile in
/// the fragment when an event is given.
package struct LinkMakeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "make",
        abstract: "Print a profile's share link; with a signed kind-0 event, the link carries it so the clip shows it at once.",
        discussion: """
        The argument is a file holding a signed kind-0 event as JSON (or - for standard input), or else a key (npub, nprofile or hex). \
        The event is verified before it is embedded. Exit 0 with the link, 1 when the event is not genuine or cannot be embedded, \
        2 when the input or manifest cannot be read or no route fits.
        """
    )

    /// The event file, `-`, or a key.
    @Argument(help: "A file with a signed kind-0 event (JSON), - for standard input, or an npub / nprofile / hex key.")
    package var source: String

    /// The route to make the link from.
    @Option(name: .long, help: "The route to use; by default the first that accepts a signed profile (or, for a key, the first clip route with an npub).")
    package var route: String?

    /// A file with the author's signed relay list, to carry in the link too.
    @Option(name: .customLong("relay-list"), help: ArgumentHelp(
        "A file with the author's signed kind-10002 relay list (JSON), carried in the link after the profile so the clip asks their write relays at once; needs a signed profile.",
        valueName: "FILE"
    ))
    package var relayListFile: String?

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var signatureBackend: SignatureBackendOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Makes and prints the link.
    package func run() async throws {
        let manifest = try manifestOption.load()
        let router = try manifestOption.router(for: manifest)
        let link: ProfileShareLink
        do {
            if let data = try readEventFile() {
                let event: NostrEvent
                do {
                    event = try NostrEvent(jsonData: data)
                } catch {
                    throw CommandFailure.badInput("\(displayName): not an event: \(error)")
                }
                let relayList = try relayListFile.map(readRelayList)
                let verifier = EventVerifier(signatureVerifier: try signatureBackend.makeVerifier())
                link = try ProfileShareLink(signedProfile: event, relayList: relayList, router: router, route: route, verifier: verifier)
            } else {
                guard relayListFile == nil else {
                    throw CommandFailure.badInput("--relay-list: a relay list is carried only beside a signed profile; give the profile's event file")
                }
                link = try ProfileShareLink(publicKey: source, router: router, route: route)
            }
        } catch let error as ProfileShareLinkError {
            switch error {
            case .notGenuine, .fragment:
                Output.emit(LinkReport(refusal: error), json: output.json) {
                    "no link: \(error.description)"
                }
                throw CommandFailure.negative("\(displayName): \(error.description)")
            default:
                throw CommandFailure.badInput("\(displayName): \(error.description)")
            }
        }
        Output.emit(LinkReport(link), json: output.json) {
            link.url
        }
    }

    private var displayName: String { source == "-" ? "standard input" : source }

    /// The relay list event in `path`.
    private func readRelayList(_ path: String) throws -> NostrEvent {
        let limit = EventLimits.standard.maximumJSONBytes
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure.badInput("--relay-list \(path): cannot be read")
        }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw CommandFailure.badInput("--relay-list \(path): cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= limit else { throw CommandFailure.badInput("--relay-list \(path): larger than \(limit) bytes") }
        do {
            return try NostrEvent(jsonData: data)
        } catch {
            throw CommandFailure.badInput("--relay-list \(path): not an event: \(error)")
        }
    }

    /// The event's bytes when the argument names a file (or `-`); `nil` when it is a key.
    private func readEventFile() throws -> Data? {
        let limit = EventLimits.standard.maximumJSONBytes
        let handle: FileHandle
        if source == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
            guard let opened = FileHandle(forReadingAtPath: source) else {
                throw CommandFailure.badInput("\(source): cannot be read")
            }
            handle = opened
        }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw CommandFailure.badInput("\(displayName): cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= limit else { throw CommandFailure.badInput("\(displayName): larger than \(limit) bytes") }
        return data
    }
}

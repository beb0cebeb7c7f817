import ArgumentParser
import ClipKit
import ClipNostr

/// `clipkit nip19`: decode and encode NIP-19 `npub`, `nprofile`, `nevent` and `naddr` strings.
package struct NIP19Command: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "nip19",
        abstract: "Decode and encode NIP-19 npub, nprofile, nevent and naddr strings.",
        subcommands: [NIP19DecodeCommand.self, NIP19EncodeCommand.self]
    )

    /// Creates the command.
    package init() {}
}

/// `clipkit nip19 decode STRING`: the fields of an npub, nprofile, nevent or naddr.
package struct NIP19DecodeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Print the fields of an npub, nprofile, nevent or naddr (a nostr: prefix is accepted).",
        discussion: """
            Prints the public key (hex) of an npub or nprofile; the event id, and the author and kind \
            when present, of an nevent; the identifier (d tag), author and kind of an naddr; and the \
            relay hints ClipNostr would connect to (at most 16). Unknown TLV entries are ignored. An \
            nsec is refused: it is a secret key, never to be shared.
            """
    )

    /// The string to decode.
    @Argument(help: "An npub1…, nprofile1…, nevent1… or naddr1… string.")
    package var string: String

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Decodes the string; exits 2 when it is not a valid npub, nprofile, nevent or naddr.
    package func run() async throws {
        let entity: NIP19Entity
        do {
            entity = try NIP19.decode(string)
        } catch {
            throw CommandFailure.badInput("\(string.truncatedForMessage): \(error)")
        }
        let result = NIP19Report(entity: entity)
        Output.emit(result, json: output.json) { result.text }
    }
}

/// `clipkit nip19 encode`: an npub, an nprofile when relays are given, an nevent with `--event`,
/// an naddr with `--address`.
package struct NIP19EncodeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode a hex public key as an npub or nprofile, an event as an nevent, or an address as an naddr.",
        discussion: """
            clipkit nip19 encode HEX [--relay URL]... [--nprofile]        an npub, or an nprofile
            clipkit nip19 encode --event ID [--author HEX] [--kind N] [--relay URL]...   an nevent
            clipkit nip19 encode HEX --address --kind N [--identifier D] [--relay URL]... an naddr
            """
    )

    /// The public key (npub, nprofile) or the author (naddr).
    @Argument(help: "The public key, or an naddr's author: 64 lowercase hexadecimal characters.")
    package var publicKey: String?

    /// Relay hints; any makes the result an nprofile (without --event or --address).
    @Option(name: .customLong("relay"), help: "A relay hint (wss://, or ws:// on loopback); repeat for more. Makes an nprofile.")
    package var relays: [String] = []

    /// Whether to make an nprofile even without relays.
    @Flag(name: .customLong("nprofile"), help: "Encode an nprofile even without relay hints.")
    package var profile = false

    /// The event id of an nevent.
    @Option(name: .customLong("event"), help: "Encode an nevent for this event id (64 lowercase hexadecimal characters).")
    package var eventID: String?

    /// The author of an nevent.
    @Option(name: .customLong("author"), help: "The nevent's author (hex public key).")
    package var author: String?

    /// The kind of an nevent or naddr.
    @Option(name: .customLong("kind"), help: "The event kind (an nevent's, optional; an naddr's, required).")
    package var kind: UInt32?

    /// Whether to make an naddr.
    @Flag(name: .customLong("address"), help: "Encode an naddr: the public key is the author; --kind is required.")
    package var address = false

    /// The `d` tag of an naddr.
    @Option(name: .customLong("identifier"), help: "The naddr's identifier, its d tag (default empty, as for kind 0).")
    package var identifier: String?

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Encodes the entity; exits 2 when a key, id or relay is invalid or the options do not fit together.
    package func run() async throws {
        let entity = try entityToEncode()
        let encoded: String
        do {
            encoded = try NIP19.encode(entity)
        } catch {
            let subject = eventID ?? publicKey ?? ""
            throw CommandFailure.badInput("\(subject.truncatedForMessage): \(error)")
        }
        Output.emit(NIP19Report(entity: entity, encoded: encoded), json: output.json) { encoded }
    }

    /// The entity the arguments describe.
    private func entityToEncode() throws -> NIP19Entity {
        if let eventID {
            guard publicKey == nil, !address, !profile, identifier == nil else {
                throw CommandFailure.badInput("--event takes --author, --kind and --relay; give the author with --author, not as an argument")
            }
            return .nevent(NIP19EventPointer(eventID: eventID, relays: relays, author: author, kind: kind))
        }
        guard let publicKey else {
            throw CommandFailure.badInput("give a hex public key, or --event ID")
        }
        guard author == nil else { throw CommandFailure.badInput("--author goes with --event; for an naddr the argument is the author") }
        if address {
            guard let kind else { throw CommandFailure.badInput("--address needs --kind (0 for a profile)") }
            guard !profile else { throw CommandFailure.badInput("--address and --nprofile exclude each other") }
            return .naddr(NIP19AddressPointer(identifier: identifier ?? "", author: publicKey, kind: kind, relays: relays))
        }
        guard kind == nil, identifier == nil else {
            throw CommandFailure.badInput("--kind and --identifier go with --event or --address")
        }
        return relays.isEmpty && !profile ? .npub(publicKey: publicKey) : .nprofile(publicKey: publicKey, relays: relays)
    }
}

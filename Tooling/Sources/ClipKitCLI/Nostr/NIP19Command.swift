import ArgumentParser
import ClipKit
import ClipNostr

/// `clipkit nip19`: decode and encode NIP-19 `npub` and `nprofile` strings.
package struct NIP19Command: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "nip19",
        abstract: "Decode and encode NIP-19 npub and nprofile strings.",
        subcommands: [NIP19DecodeCommand.self, NIP19EncodeCommand.self]
    )

    /// Creates the command.
    package init() {}
}

/// `clipkit nip19 decode STRING`: the public key and relay hints in an npub or nprofile.
package struct NIP19DecodeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Print the public key (hex) and relay hints of an npub or nprofile (a nostr: prefix is accepted)."
    )

    /// The string to decode.
    @Argument(help: "An npub1… or nprofile1… string.")
    package var string: String

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Decodes the string; exits 2 when it is not a valid npub or nprofile.
    package func run() async throws {
        let entity: NIP19Entity
        do {
            entity = try NIP19.decode(string)
        } catch {
            throw CommandFailure.badInput("\(string.truncatedForMessage): \(error.description)")
        }
        let result = NIP19Report(entity: entity)
        Output.emit(result, json: output.json) { result.text }
    }
}

/// `clipkit nip19 encode HEX [--relay URL]...`: an npub, or an nprofile when relays are given.
package struct NIP19EncodeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode a hex public key as an npub, or as an nprofile with relay hints."
    )

    /// The public key.
    @Argument(help: "The public key: 64 lowercase hexadecimal characters.")
    package var publicKey: String

    /// Relay hints; any makes the result an nprofile.
    @Option(name: .customLong("relay"), help: "A relay hint (wss://, or ws:// on loopback); repeat for more. Makes an nprofile.")
    package var relays: [String] = []

    /// Whether to make an nprofile even without relays.
    @Flag(name: .customLong("nprofile"), help: "Encode an nprofile even without relay hints.")
    package var profile = false

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Encodes the key; exits 2 when the key or a relay is invalid.
    package func run() async throws {
        let entity: NIP19Entity = relays.isEmpty && !profile
            ? .npub(publicKey: publicKey)
            : .nprofile(publicKey: publicKey, relays: relays)
        let encoded: String
        do {
            encoded = try NIP19.encode(entity)
        } catch {
            throw CommandFailure.badInput("\(publicKey.truncatedForMessage): \(error.description)")
        }
        Output.emit(NIP19Report(entity: entity, encoded: encoded), json: output.json) { encoded }
    }
}

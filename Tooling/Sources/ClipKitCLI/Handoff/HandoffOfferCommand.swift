import ArgumentParser
import ClipKit
import Foundation

/// `clipkit handoff offer --container DIR --payload JSON`: offer a handoff as a clip would.
public struct HandoffOfferCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "offer",
        abstract: "Offer a handoff payload as the clip would, replacing any waiting one.",
        discussion: """
        The payload's type is found from its shape (roadflare.driver: {"npub", "displayName"?, "profileCreatedAt"?}; \
        bluesky.starterPack: {"starterPackUri"}) or named with --type. The lifetime is --ttl, or the manifest's handoff.ttlSeconds.
        """
    )

    @OptionGroup var containerOption: HandoffContainerOption

    /// The payload as JSON, or `-` to read it from standard input.
    @Option(name: .long, help: ArgumentHelp("The payload as JSON, or - for standard input.", valueName: "JSON"))
    public var payload: String

    /// The payload's type name; found from the payload's shape when left out.
    @Option(name: .long, help: ArgumentHelp("The payload's type name (default: the built-in type the payload fits).", valueName: "NAME"))
    public var type: String?

    /// Seconds the handoff stays claimable; the manifest's `handoff.ttlSeconds` when left out.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds the handoff stays claimable (default: the manifest's handoff.ttlSeconds).", valueName: "S"))
    public var ttl: Int?

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    /// Offers the payload and prints when it expires.
    public func run() async throws {
        let json = try parsedPayload()
        let typeName = try resolvedTypeName(for: json)
        let lifetime = try resolvedLifetime()
        let offer: HandoffOffer
        do {
            let store = try HandoffStore(defaults: try containerOption.sharedDefaults(), lifetime: lifetime)
            offer = try store.offer(json: json, typeName: typeName, knownTypes: BuiltInHandoffPayloads.all)
        } catch let error as HandoffError {
            throw CommandFailure.badInput("--payload: \(error.description)")
        }
        let result: JSONValue = .object([
            "offered": .bool(true),
            "type": .string(offer.typeName),
            "createdAt": .string(HandoffOutput.timestamp(offer.createdAt)),
            "expiresAt": .string(HandoffOutput.timestamp(offer.expiresAt)),
            "bytes": .integer(offer.bytes),
        ])
        Output.emit(result, json: output.json) {
            "offered \(offer.typeName); claimable until \(HandoffOutput.timestamp(offer.expiresAt))"
        }
    }

    private func parsedPayload() throws -> JSONValue {
        let data: Data
        if payload == "-" {
            data = (try? FileHandle.standardInput.read(upToCount: HandoffEnvelope.maximumBytes + 1)) ?? Data()
        } else {
            data = Data(payload.utf8)
        }
        guard data.count <= HandoffEnvelope.maximumBytes else {
            throw CommandFailure.badInput("--payload: more than \(HandoffEnvelope.maximumBytes) bytes; a handoff carries identifiers, not content")
        }
        do {
            return try JSONValue(strictlyParsing: data, maximumDepth: HandoffEnvelope.maximumDepth - 1)
        } catch {
            throw CommandFailure.badInput("--payload: not JSON: \(error.description)")
        }
    }

    private func resolvedTypeName(for json: JSONValue) throws -> String {
        if let type {
            guard HandoffEnvelope.isTypeName(type) else { throw CommandFailure.badInput("--type: \(HandoffError.invalidTypeName(type).description)") }
            return type
        }
        let fitting = BuiltInHandoffPayloads.typeNames(fitting: json)
        guard fitting.count == 1, let name = fitting.first else {
            let known = BuiltInHandoffPayloads.all.map { $0.handoffTypeName }.joined(separator: ", ")
            throw CommandFailure.badInput("--payload fits none of the built-in handoff types (\(known)); check its members or pass --type NAME for a payload of your own")
        }
        return name
    }

    private func resolvedLifetime() throws -> Int {
        if let ttl {
            guard HandoffStore.lifetimeRange.contains(ttl) else {
                throw CommandFailure.badInput("--ttl: \(HandoffError.invalidLifetime(seconds: ttl, allowed: HandoffStore.lifetimeRange).description)")
            }
            return ttl
        }
        do {
            return try manifestOption.load().handoff.ttlSeconds
        } catch let failure as CommandFailure {
            throw CommandFailure.badInput("\(failure.message) (the handoff lifetime comes from the manifest; pass --manifest F or --ttl S)")
        }
    }
}

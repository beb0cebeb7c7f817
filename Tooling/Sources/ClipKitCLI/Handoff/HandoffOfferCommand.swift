import ArgumentParser
@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import Foundation

/// `clipkit handoff offer --container DIR --payload JSON`: offer a handoff as a clip would.
package struct HandoffOfferCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "offer",
        abstract: "Offer a handoff payload as the clip would, replacing any waiting one.",
        discussion: """
        Without a manifest (no --manifest and no ./clipkit.json) any JSON object is offered under any --type, for --ttl \
        seconds or seven days. With a manifest that lists handoff.types, the type must be one of them and the payload must \
        have the members it needs, each of its kind (a payload it refuses exits 1, naming the member and the kind); --type may be left out when exactly one listed type fits the payload. The lifetime is \
        --ttl, or the manifest's handoff.ttlSeconds.
        """
    )

    @OptionGroup var containerOption: HandoffContainerOption

    /// The payload as JSON, or `-` to read it from standard input.
    @Option(name: .long, help: ArgumentHelp("The payload as JSON, or - for standard input.", valueName: "JSON"))
    package var payload: String

    /// The payload's type name; the one listed type the payload fits when left out.
    @Option(name: .long, help: ArgumentHelp("The payload's type name (default: the one type of the manifest's handoff.types the payload fits).", valueName: "NAME"))
    package var type: String?

    /// Seconds the handoff stays claimable; the manifest's `handoff.ttlSeconds`, or seven days without a manifest.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds the handoff stays claimable (default: the manifest's handoff.ttlSeconds, or 604800).", valueName: "S"))
    package var ttl: Int?

    /// How long a handoff offered without a manifest and without `--ttl` stays claimable: seven days.
    package static let lifetimeWithoutManifest = 604_800

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Offers the payload and prints when it expires.
    package func run() async throws {
        let json = try parsedPayload()
        let manifest = try manifestOption.loadIfPresent()
        let typeName = try resolvedTypeName(for: json, manifest: manifest)
        let lifetime = try resolvedLifetime(manifest: manifest)
        let offer: HandoffOffer
        do {
            let store = try HandoffStore(
                defaults: try containerOption.sharedDefaults(), lifetime: lifetime, types: manifest?.handoff.types ?? [],
                parameterKinds: CommandEnvironment.parameterKinds
            )
            offer = try store.offer(json: json, typeName: typeName)
        } catch let error as HandoffError {
            if case .typeNotListed = error { throw CommandFailure.badInput("--type: \(manifestOption.manifest): \(error.description)") }
            // The container is the App Group's: a secret type never goes there.
            if case .secretTypeInAppGroup = error { throw CommandFailure.badInput("--type: \(manifestOption.manifest): \(error.description)") }
            if case .payloadDoesNotFitType(let refusedType, let reason) = error {
                // A well-formed payload the manifest's type refuses (a missing member, one of the wrong kind): a negative answer.
                Output.emit(HandoffOfferReport(refusedBy: refusedType, reason: reason), json: output.json) { "" }
                throw CommandFailure.negative("--payload: \(manifestOption.manifest): \(reason)")
            }
            throw CommandFailure.badInput("--payload: \(error.description)")
        }
        let result = HandoffOfferReport(offer)
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

    private func resolvedTypeName(for json: JSONValue, manifest: ClipManifest?) throws -> String {
        if let type {
            guard HandoffEnvelope.isTypeName(type) else { throw CommandFailure.badInput("--type: \(HandoffError.invalidTypeName(type).description)") }
            return type
        }
        guard let manifest, !manifest.handoff.types.isEmpty else {
            throw CommandFailure.badInput("--type: name the payload's type (such as com.example.ticket); without handoff.types in a manifest it cannot be found from the payload")
        }
        let fitting = manifest.handoffTypes(fitting: json).map(\.name)
        guard fitting.count == 1, let name = fitting.first else {
            let listed = manifest.handoff.types.map(\.name).joined(separator: ", ")
            let found = fitting.isEmpty ? "fits none of" : "fits more than one of"
            throw CommandFailure.badInput("--payload \(found) the handoff types of \(manifestOption.manifest) (\(listed)); check its members or pass --type NAME")
        }
        return name
    }

    private func resolvedLifetime(manifest: ClipManifest?) throws -> Int {
        if let ttl {
            guard HandoffStore.lifetimeRange.contains(ttl) else {
                throw CommandFailure.badInput("--ttl: \(HandoffError.invalidLifetime(seconds: ttl, allowed: HandoffStore.lifetimeRange).description)")
            }
            return ttl
        }
        return manifest?.handoff.ttlSeconds ?? Self.lifetimeWithoutManifest
    }
}

@_spi(ClipKitTooling) import ClipKit
import Foundation

/// How the handoff commands print entries and discarded entries.
enum HandoffOutput {
    /// A date as ISO 8601 in UTC, such as `2025-01-31T12:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// Text for people: the type, the lifetime and the payload.
    static func text(of envelope: HandoffEnvelope) -> String {
        """
        type: \(envelope.typeName)
        created: \(timestamp(envelope.createdAt))
        expires: \(timestamp(envelope.expiresAt))
        payload: \(String(decoding: envelope.payload.serialized(), as: UTF8.self))
        """
    }
}

/// Collects the diagnostics a store reports while a command runs.
final class HandoffDiagnosticsRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HandoffDiagnostic] = []

    /// The closure to give the store.
    var handler: @Sendable (HandoffDiagnostic) -> Void {
        { [self] diagnostic in
            lock.lock()
            recorded.append(diagnostic)
            lock.unlock()
        }
    }

    /// Everything reported so far.
    var diagnostics: [HandoffDiagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}

/// What `claim` and `peek` share: read the entry once and report it or why there is none.
struct HandoffReading<Kind: HandoffReadingKind> {
    let containerOption: HandoffContainerOption
    let json: Bool

    func run(_ read: (HandoffStore) -> HandoffEnvelope?) throws {
        let recorder = HandoffDiagnosticsRecorder()
        var envelope: HandoffEnvelope?
        // A container that never held an offer has no store folder: nothing to claim, and nothing is created.
        if let defaults = try containerOption.existingSharedDefaults() {
            envelope = read(try Self.store(defaults, diagnostics: recorder.handler))
        }
        let diagnostics = recorder.diagnostics
        if let failure = diagnostics.first(where: { !$0.removedEntry }) {
            throw CommandFailure.badInput("--container \(containerOption.container): \(failure.description)")
        }
        if let envelope {
            Output.emit(HandoffEntryReport<Kind>(envelope), json: json) { HandoffOutput.text(of: envelope) }
            return
        }
        let code: String
        let reason: String
        if let discarded = diagnostics.last {
            code = discarded.code
            reason = discarded.description
        } else {
            code = "empty"
            reason = "nothing to claim: no handoff is waiting (none was offered, it was already claimed, or the system removed the clip's data)"
        }
        Output.emit(HandoffEntryReport<Kind>(code: code, reason: reason), json: json) {
            reason
        }
        throw CommandFailure.negative(reason)
    }

    /// The store over `defaults`; the lifetime only matters for offers, reading accepts any valid entry.
    private static func store(
        _ defaults: DirectorySharedDefaults, diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void
    ) throws -> HandoffStore {
        do {
            return try HandoffStore(defaults: defaults, lifetime: HandoffStore.lifetimeRange.upperBound, diagnostics: diagnostics)
        } catch {
            throw CommandFailure.badInput("\(error)")
        }
    }
}

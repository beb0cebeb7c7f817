import ClipKit
import ClipTestSupport
import Foundation

/// Records what a store's diagnostics hook is told.
final class DiagnosticLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HandoffDiagnostic] = []

    var handler: @Sendable (HandoffDiagnostic) -> Void {
        { [self] diagnostic in lock.lock(); recorded.append(diagnostic); lock.unlock() }
    }

    var entries: [HandoffDiagnostic] {
        lock.lock(); defer { lock.unlock() }; return recorded
    }

    var codes: [String] { entries.map(\.code) }

    func clear() {
        lock.lock(); recorded.removeAll(); lock.unlock()
    }
}

/// A container folder, its store, a hand-moved clock and a diagnostics log.
struct HandoffFixture {
    let folder: TemporaryDirectory
    let defaults: DirectorySharedDefaults
    let clock = TestWallClock()
    let log = DiagnosticLog()

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-handoff")
        defaults = try DirectorySharedDefaults(directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: folder.url))
    }

    func store(lifetime: Int = 3600) throws -> HandoffStore {
        try HandoffStore(defaults: defaults, lifetime: lifetime, clock: clock.reading, diagnostics: log.handler)
    }

    /// The file that holds the entry.
    var entryFile: URL {
        defaults.directory.appendingPathComponent(HandoffStore.defaultKey)
    }

    var entryExists: Bool {
        FileManager.default.fileExists(atPath: entryFile.path)
    }

    /// Writes raw bytes as the entry, bypassing every check.
    func writeEntry(_ bytes: Data) throws {
        try bytes.write(to: entryFile)
    }
}

/// A second payload type, so the store tests can tell types apart without a clip's own payload.
struct NoteHandoff: HandoffPayload, Equatable {
    static let handoffTypeName = "test.note"

    var text: String
}

enum Samples {
    static let npub = "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"
    static let driver = RoadFlareDriverHandoff(npub: npub, displayName: "Alice", profileCreatedAt: 1_699_999_000)
    static let note = NoteHandoff(text: "pick up at gate 4")

    /// An envelope's bytes with the given members (nil leaves a member out).
    static func envelope(
        schema: JSONValue? = .number(1), createdAt: JSONValue? = .number(1_700_000_000), expiresAt: JSONValue? = .number(1_700_003_600),
        type: JSONValue? = .string(RoadFlareDriverHandoff.handoffTypeName),
        payload: JSONValue? = .object(["npub": .string(npub), "displayName": .string("Alice")]),
        extra: [String: JSONValue] = [:]
    ) -> Data {
        var members = extra
        members["schema"] = schema
        members["createdAt"] = createdAt
        members["expiresAt"] = expiresAt
        members["type"] = type
        members["payload"] = payload
        return JSONValue.object(members).serialized()
    }
}

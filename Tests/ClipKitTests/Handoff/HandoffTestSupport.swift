@_spi(ClipKitTooling) import ClipKit
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

/// An app's own payload type with strict decoding, as a clip defines one: a ticket code (a letter
/// and one to three digits), who holds it and when it was issued.
struct TicketHandoff: HandoffPayload, Equatable {
    static let handoffTypeName = "com.example.ticket"

    var code: String
    var holder: String?
    var issuedAt: Int?

    init(code: String, holder: String? = nil, issuedAt: Int? = nil) {
        self.code = code
        self.holder = holder
        self.issuedAt = issuedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case code, holder, issuedAt }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowing: Set(CodingKeys.allCases.map(\.stringValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        holder = try container.decodeIfPresent(String.self, forKey: .holder)
        issuedAt = try container.decodeIfPresent(Int.self, forKey: .issuedAt)
        if let problem {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encodeIfPresent(holder, forKey: .holder)
        try container.encodeIfPresent(issuedAt, forKey: .issuedAt)
    }

    /// What is wrong with the ticket, or `nil`.
    var problem: String? {
        let scalars = Array(code.unicodeScalars)
        guard (2...4).contains(scalars.count), let first = scalars.first, ("A"..."Z").contains(first),
              scalars.dropFirst().allSatisfy({ ("0"..."9").contains($0) }) else {
            return "'\(code.prefix(40))' is not a ticket code: expected a letter and one to three digits"
        }
        if let issuedAt, issuedAt < 0 { return "issuedAt is \(issuedAt); a time is never negative" }
        return nil
    }
}

enum Samples {
    static let code = "A12"
    static let ticket = TicketHandoff(code: code, holder: "Alice", issuedAt: 1_699_999_000)
    static let note = NoteHandoff(text: "pick up at gate 4")

    /// An envelope's bytes with the given members (nil leaves a member out).
    static func envelope(
        schema: JSONValue? = .number(1), createdAt: JSONValue? = .number(1_700_000_000), expiresAt: JSONValue? = .number(1_700_003_600),
        type: JSONValue? = .string(TicketHandoff.handoffTypeName),
        payload: JSONValue? = .object(["code": .string(code), "holder": .string("Alice")]),
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

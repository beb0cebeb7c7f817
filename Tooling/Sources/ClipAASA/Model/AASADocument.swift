@_spi(ClipKitTooling) import ClipKit
import Foundation

/// An `apple-app-site-association` (AASA) file: which apps a link domain is associated with,
/// and which of its URLs open them.
///
/// The system downloads the file from `https://<domain>/.well-known/apple-app-site-association`
/// (through Apple's CDN) and uses its sections for universal links (`applinks`), App Clips
/// (`appclips`), shared web credentials (`webcredentials`) and Handoff (`activitycontinuation`).
///
/// Read a file with ``init(parsing:)``, build one from a manifest with ``AASAGenerator``, check
/// one with ``AASAValidator`` and ask which app a URL opens with ``AASAMatcher``.
public struct AASADocument: Sendable, Hashable {
    /// The largest file the system accepts: 128 KB, uncompressed.
    public static let maximumBytes = 128 * 1024

    /// The path the system fetches the file from on every associated domain.
    public static let wellKnownPath = "/.well-known/apple-app-site-association"

    /// The universal-links section, `applinks`.
    public var appLinks: AASAAppLinks?
    /// The App Clips section, `appclips`: the clips that the domain's URLs may invoke.
    public var appClips: AASAServiceApps?
    /// The shared web credentials section, `webcredentials`.
    public var webCredentials: AASAServiceApps?
    /// The Handoff section, `activitycontinuation`.
    public var activityContinuation: AASAServiceApps?

    /// Creates a document from its sections.
    public init(
        appLinks: AASAAppLinks? = nil, appClips: AASAServiceApps? = nil,
        webCredentials: AASAServiceApps? = nil, activityContinuation: AASAServiceApps? = nil
    ) {
        self.appLinks = appLinks
        self.appClips = appClips
        self.webCredentials = webCredentials
        self.activityContinuation = activityContinuation
    }

    /// The top-level keys the system reads.
    public static let knownKeys: Set<String> = ["applinks", "appclips", "webcredentials", "activitycontinuation"]
}

extension AASADocument {
    /// Parses the bytes of an AASA file.
    ///
    /// The file must be at most ``maximumBytes`` long, UTF-8 without a byte-order mark, and one
    /// JSON object. Keys the system does not read are ignored here (``AASAValidator`` reports
    /// them); a known key with a value of the wrong type is an error.
    ///
    /// - Throws: ``AASADocumentError`` that names what is wrong and where.
    public init(parsing data: Data) throws(AASADocumentError) {
        let root = try Self.read(data).value
        try self.init(json: root)
    }

    /// Builds a document from parsed JSON.
    ///
    /// - Throws: ``AASADocumentError/invalidStructure(path:message:)`` when a known key holds a
    ///   value of the wrong type.
    public init(json root: JSONValue) throws(AASADocumentError) {
        guard let members = root.objectValue else { throw .notAnObject(found: root.typeDescription) }
        var reader = AASAStructureReader()
        self = try reader.document(members)
    }

    /// The document as JSON.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let appLinks { members["applinks"] = appLinks.json }
        if let appClips { members["appclips"] = appClips.json }
        if let webCredentials { members["webcredentials"] = webCredentials.json }
        if let activityContinuation { members["activitycontinuation"] = activityContinuation.json }
        return .object(members)
    }

    /// The document as the bytes of a file: indented UTF-8 JSON with sorted keys and a final
    /// newline, U+007F, U+2028 and U+2029 escaped so every editor shows it line for line. The same
    /// document always gives the same bytes, on every platform, so an ETag and a test can rely on them.
    public func encoded() -> Data {
        var data = json.serialized(layout: .indented, escaping: .editorSafe)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}

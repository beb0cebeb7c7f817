import ClipKit

/// A section that only lists apps: `appclips`, `webcredentials` or `activitycontinuation`.
public struct AASAServiceApps: Sendable, Hashable {
    /// The application identifiers, `apps`: `TEAMID.bundleID` each.
    public var apps: [String]

    /// Creates the section.
    public init(apps: [String]) {
        self.apps = apps
    }

    /// The keys the system reads in these sections.
    public static let knownKeys: Set<String> = ["apps"]

    /// The section as JSON.
    public var json: JSONValue {
        .object(["apps": .array(apps.map(JSONValue.string))])
    }
}

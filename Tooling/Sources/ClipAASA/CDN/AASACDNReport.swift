/// How Apple's CDN copy of a domain's AASA file compares with the file the domain serves.
public struct AASACDNReport: Sendable, Hashable, Encodable {
    /// The outcome of one comparison.
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// The CDN holds the same JSON as the domain (whitespace and key order aside).
        case identical
        /// The CDN holds an older or otherwise different file.
        case stale
        /// The CDN answered 404: it holds no copy for the domain.
        case missing
        /// One side could not be fetched or read, so nothing was compared.
        case error
    }

    /// The domain, such as `example.com`.
    public let domain: String
    /// The outcome.
    public let status: Status
    /// What differs between the CDN copy and the domain's file; empty unless `stale`.
    public let differences: [AASACDNDifference]
    /// Problems found on either side (hosting, size, parse) and the comparison's own finding, with
    /// what a person can do about it.
    public let findings: [AASAFinding]

    /// Creates a report.
    public init(domain: String, status: Status, differences: [AASACDNDifference], findings: [AASAFinding]) {
        self.domain = domain
        self.status = status
        self.differences = differences
        self.findings = findings
    }

    enum CodingKeys: String, CodingKey {
        case domain, status, differences
    }
}

/// One difference between Apple's CDN copy of an AASA file and the domain's own file.
///
/// `before` is what the CDN holds (what devices use now) and `after` what the domain serves (what
/// devices will use once the CDN refreshes).
public struct AASACDNDifference: Sendable, Hashable, Encodable {
    /// The kind of difference.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An app appears in `applinks` of the domain's file only.
        case appAdded
        /// An app appears in `applinks` of the CDN copy only.
        case appRemoved
        /// An app's `applinks` entry gained a component.
        case componentAdded
        /// An app's `applinks` entry lost a component.
        case componentRemoved
        /// A sample URL of a manifest route routes differently for an app.
        case routeChanged
        /// The apps of a section that only lists apps (`appclips`, `webcredentials`, `activitycontinuation`) differ.
        case sectionAppsChanged
        /// Something else differs (defaults, substitution variables, component order).
        case otherChanged
    }

    /// The kind of difference.
    public let kind: Kind
    /// The app the difference is about, when there is one.
    public let appID: String?
    /// The component (as JSON text), the sample URL, or the section the difference is about.
    public let subject: String
    /// What the CDN copy says, when it says something.
    public let before: String?
    /// What the domain's file says, when it says something.
    public let after: String?

    /// Creates a difference.
    public init(kind: Kind, appID: String?, subject: String, before: String?, after: String?) {
        self.kind = kind
        self.appID = appID
        self.subject = subject
        self.before = before
        self.after = after
    }

    /// One line for a person.
    public var summary: String {
        let app = appID.map { " for \($0)" } ?? ""
        switch kind {
        case .appAdded: return "\(subject) is in the domain's file but not in the CDN copy"
        case .appRemoved: return "\(subject) is in the CDN copy but not in the domain's file"
        case .componentAdded: return "component \(subject)\(app) is in the domain's file but not in the CDN copy"
        case .componentRemoved: return "component \(subject)\(app) is in the CDN copy but not in the domain's file"
        case .routeChanged: return "\(subject)\(app): \(before ?? "?") with the CDN copy, \(after ?? "?") with the domain's file"
        case .sectionAppsChanged: return "'\(subject)' lists \(before ?? "[]") in the CDN copy and \(after ?? "[]") in the domain's file"
        case .otherChanged: return "\(subject) differs"
        }
    }
}

import ClipNostr
import ClipReports

/// What `clipkit link make --json` prints: the share link, its length and whether it carries the
/// signed profile, or why the event could not be embedded.
package struct LinkReport: CommandReport {
    package static let schemaName = "link-make"
    package static let commands = "clipkit link make"
    package static let members: [ReportMember] = [
        .optional("url", .string),
        .optional("length", .integer),
        .required("embedded", .boolean),
        .optional("carriesRelayList", .boolean),
        .optional("code", .string),
        .optional("reason", .string),
    ]

    package let schemaVersion = ReportVersion.current
    package var url: String?
    package var length: Int?
    package let embedded: Bool
    package var carriesRelayList: Bool?
    package var code: String?
    package var reason: String?

    /// The report of `link`.
    package init(_ link: ProfileShareLink) {
        url = link.url
        length = link.length
        embedded = link.embedded
        carriesRelayList = link.embedded ? link.carriesRelayList : nil
    }

    /// No link: why the event could not go into one.
    package init(refusal error: ProfileShareLinkError) {
        embedded = false
        code = error.code
        reason = error.description
    }
}

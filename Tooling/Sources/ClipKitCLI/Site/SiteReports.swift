import ClipReports

/// What `clipkit site build --json` prints: each domain's folder and the files written there.
package struct SiteBuildReport: CommandReport {
    package static let schemaName = "site-build"
    package static let commands = "clipkit site build"
    package static let members: [ReportMember] = [
        .required("built", .boolean),
        .required("sites", .array(.object([.required("domain", .string), .required("directory", .string), .required("files", .array(.string))]))),
    ]

    /// One domain's static site.
    package struct Site: Encodable, Sendable {
        let domain: String
        let directory: String
        let files: [String]
    }

    package let schemaVersion = ReportVersion.current
    package let built = true
    package let sites: [Site]
}

/// What `clipkit serve --json` prints once the server accepts connections.
package struct ServeReport: CommandReport {
    package static let schemaName = "serve"
    package static let commands = "clipkit serve"
    package static let members: [ReportMember] = [
        .required("listening", .string),
        .required("host", .string),
        .required("port", .integer),
    ]

    package let schemaVersion = ReportVersion.current
    /// The server's base URL.
    package let listening: String
    package let host: String
    package let port: Int
}

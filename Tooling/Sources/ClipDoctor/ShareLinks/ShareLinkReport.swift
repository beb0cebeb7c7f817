import ClipReports

/// What a deployed share link answers, as ``ShareLinkCheck`` found it.
package struct ShareLinkReport: Sendable, Hashable, Codable {
    /// The route a share link matches.
    package struct Route: Sendable, Hashable, Codable {
        /// The route's name in the manifest.
        package var name: String
        /// `clip` or `app`.
        package var handledBy: String

        /// Creates a route.
        package init(name: String, handledBy: String) {
            self.name = name
            self.handledBy = handledBy
        }
    }

    /// How the AASA of the link's domain answered.
    package struct Association: Sendable, Hashable, Codable {
        /// The AASA's URL on the link's origin.
        package var url: String
        /// The HTTP status, when the server answered.
        package var status: Int?
        /// The `Location` header of a redirect.
        package var location: String?
        /// The `Content-Type` header.
        package var contentType: String?
        /// Whether the server answered with a redirect, which the system does not follow.
        package var redirected = false
        /// The findings about the AASA: the redirect, and ClipAASA's validator's (`aasa.…`).
        package var findings: [Finding] = []

        /// Creates an empty answer for `url`.
        package init(url: String) {
            self.url = url
        }
    }

    /// The share link.
    package var url: String
    /// The route the link matches, if any.
    package var route: Route?
    /// The HTTP status, when the server answered.
    package var status: Int?
    /// The `Location` header of a redirect.
    package var location: String?
    /// The `Content-Type` header.
    package var contentType: String?
    /// The first HTML's `<title>`.
    package var title: String?
    /// The title a link preview shows: `og:title`, else `twitter:title`, else `<title>`.
    package var previewTitle: String?
    /// The first HTML's Smart App Banner (`<meta name="apple-itunes-app">` content).
    package var smartAppBanner: String?
    /// Whether the first HTML's banner offers the App Clip (`app-clip-bundle-id`).
    package var hasAppClipBanner = false
    /// Whether the preview title (or `<title>`) reads as an error page's.
    package var previewLooksLikeError = false
    /// How the AASA of the link's domain answered.
    package var association: Association?
    /// What was found about the link and its first HTML (the AASA's findings are in its `association`).
    package var findings: [Finding] = []

    /// Creates an empty report for `url`.
    package init(url: String) {
        self.url = url
    }

    /// The link's findings, then the AASA's.
    package var allFindings: [Finding] { findings + (association?.findings ?? []) }

    /// Whether no finding, the AASA's included, is an error.
    package var isOK: Bool { !allFindings.contains { $0.severity == .error } }

    /// What the link answered, in one line for a person, whether or not anything was found:
    /// `https://…: 200 text/html, route driverShare (clip), App Clip banner, preview 'Maria', AASA 200`.
    package var summary: String {
        var parts: [String] = []
        if let status {
            parts.append("\(status)" + (contentType.map { " \($0.prefix(60))" } ?? ""))
        } else {
            parts.append("no answer")
        }
        parts.append(route.map { "route \($0.name) (\($0.handledBy))" } ?? "no route")
        parts.append(hasAppClipBanner ? "App Clip banner" : "no App Clip banner")
        parts.append(previewTitle.map { "preview '\($0.prefix(80))'" } ?? "no preview title")
        if let association {
            parts.append("AASA " + (association.status.map { "\($0)" } ?? "no answer"))
        }
        return "\(url.prefix(200)): " + parts.joined(separator: ", ")
    }
}

extension ShareLinkReport {
    /// The description of a share link's report in a report's schema.
    package static let schema = ReportSchema.object([
        .required("url", .string),
        .optional("route", .object([.required("name", .string), .required("handledBy", .string)])),
        .optional("status", .integer),
        .optional("location", .string),
        .optional("contentType", .string),
        .optional("title", .string),
        .optional("previewTitle", .string),
        .optional("smartAppBanner", .string),
        .required("hasAppClipBanner", .boolean),
        .required("previewLooksLikeError", .boolean),
        .optional("association", .object([
            .required("url", .string), .optional("status", .integer), .optional("location", .string),
            .optional("contentType", .string), .required("redirected", .boolean), .required("findings", .array(Finding.schema)),
        ])),
        .required("findings", .array(Finding.schema)),
    ])
}

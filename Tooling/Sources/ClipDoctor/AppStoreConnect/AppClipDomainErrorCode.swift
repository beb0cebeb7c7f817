import Foundation

/// The reasons App Store Connect gives for an App Clip domain that failed its check, with what
/// each means and what to do.
///
/// Source: the `errorCode` values of `AppClipDomainStatus.Attributes.Domains` in Apple's App Store
/// Connect API documentation and its OpenAPI specification (which adds
/// `CROSS_SITE_REDIRECTS_FORBIDDEN` and `TOO_MANY_REDIRECTS`). Apple lists the values without
/// explaining them; the meanings here are read from their names and from what the system requires
/// of an AASA file (served at `https://DOMAIN/.well-known/apple-app-site-association`, status 200,
/// no redirect, JSON, an `appclips` section naming the clip). A code not in the list gets
/// ``generic(_:)``.
package struct AppClipDomainErrorCode: Sendable, Hashable {
    /// Apple's code, such as `BAD_HTTP_RESPONSE`.
    package let code: String
    /// What went wrong, for a person.
    package let meaning: String
    /// What to change.
    package let fix: String

    /// Every code Apple documents.
    package static let known: [AppClipDomainErrorCode] = [
        .init(code: "BAD_HTTP_RESPONSE",
              meaning: "the domain answered the request for its AASA file with an error status",
              fix: "Serve the file at https://DOMAIN/.well-known/apple-app-site-association with status 200 to any client, without authentication; check it with 'clipkit aasa validate https://DOMAIN'."),
        .init(code: "BAD_JSON_CONTENT",
              meaning: "the domain's AASA file is not the JSON Apple expects",
              fix: "Serve the file 'clipkit aasa generate' writes, unchanged, as application/json; check it with 'clipkit aasa validate https://DOMAIN'."),
        .init(code: "BAD_PKCS7_SIGNATURE",
              meaning: "the domain's AASA file is signed (PKCS #7) and the signature does not verify",
              fix: "Serve the file as plain, unsigned JSON; signing is not needed and a bad signature is refused."),
        .init(code: "CANNOT_REACH_AASA_FILE",
              meaning: "Apple could not fetch the domain's AASA file",
              fix: "Make https://DOMAIN/.well-known/apple-app-site-association reachable from the internet: no login, firewall, geo-blocking or bot protection in front of it."),
        .init(code: "CROSS_SITE_REDIRECTS_FORBIDDEN",
              meaning: "the domain redirected the request for its AASA file to another host",
              fix: "Serve the file from the domain itself with status 200; Apple follows no redirect to another host (www. included)."),
        .init(code: "DNS_ERROR",
              meaning: "the domain's name did not resolve",
              fix: "Check the domain's DNS records (A/AAAA or CNAME) and that the domain in the clip's appclips: entitlement is spelled as registered."),
        .init(code: "INSECURE_REDIRECTS_FORBIDDEN",
              meaning: "the request for the AASA file was redirected to plain http",
              fix: "Serve the file over https with status 200 and no redirect."),
        .init(code: "INVALID_ENTITLEMENT_MISSING_SECTION",
              meaning: "the domain's AASA file has no section for the clip's entitlement: no 'appclips' section",
              fix: "Add \"appclips\": {\"apps\": [\"TEAMID.CLIP_BUNDLE_ID\"]} to the file, as 'clipkit aasa generate' writes it."),
        .init(code: "INVALID_ENTITLEMENT_SYNTAX_ERROR",
              meaning: "an entry of the clip's associated-domains entitlement is malformed",
              fix: "Write each entry as 'appclips:DOMAIN' (no scheme, path or wildcard); 'clipkit generate entitlements' writes the entitlement. Then upload a new build."),
        .init(code: "INVALID_ENTITLEMENT_UNHANDLED_SECTION",
              meaning: "the clip's associated-domains entitlement names a service the AASA file does not handle",
              fix: "Use 'appclips:' entries on the clip and give the AASA file the matching 'appclips' section; 'clipkit generate entitlements' and 'clipkit aasa generate' write both."),
        .init(code: "INVALID_ENTITLEMENT_UNKNOWN_ID",
              meaning: "the AASA file's 'appclips' section does not list the clip's app ID",
              fix: "List TEAMID.CLIP_BUNDLE_ID (the manifest's team and clip bundle ID) in appclips.apps; 'clipkit aasa generate' writes it."),
        .init(code: "NETWORK_ERROR",
              meaning: "the connection to the domain failed",
              fix: "Check that the domain's server answers on port 443 from the internet; then wait for the next check."),
        .init(code: "NETWORK_ERROR_TEMPORARY",
              meaning: "the connection to the domain failed for a while",
              fix: "Usually passes by itself: wait for the next check; if it stays, check the server's availability."),
        .init(code: "OTHER_ERROR",
              meaning: "App Store Connect reported a failure without saying which",
              fix: "Check the domain with 'clipkit aasa validate https://DOMAIN' and 'clipkit doctor --cdn'; if they pass, wait for the next check."),
        .init(code: "TIMEOUT",
              meaning: "the domain took too long to answer",
              fix: "Serve the AASA file quickly (a static file, no slow backend or challenge page in front of it)."),
        .init(code: "TLS_ERROR",
              meaning: "the TLS connection to the domain failed",
              fix: "Serve a valid certificate for the domain from a public authority, with the full chain and TLS 1.2 or later."),
        .init(code: "TOO_MANY_REDIRECTS",
              meaning: "the request for the AASA file was redirected too many times",
              fix: "Serve the file with status 200 and no redirect at all."),
        .init(code: "UNEXPECTED_ERROR",
              meaning: "App Store Connect met an unexpected error while checking the domain",
              fix: "Check the domain with 'clipkit aasa validate https://DOMAIN'; if it passes, wait for the next check."),
    ]

    /// The entry for `code`, or a generic one for a code Apple has not documented.
    package static func named(_ code: String) -> AppClipDomainErrorCode {
        known.first { $0.code == code } ?? generic(code)
    }

    /// The entry for a code not in ``known``.
    package static func generic(_ code: String) -> AppClipDomainErrorCode {
        AppClipDomainErrorCode(code: code, meaning: "App Store Connect reported '\(code)'",
                               fix: "Check the domain with 'clipkit aasa validate https://DOMAIN' and 'clipkit doctor --cdn'.")
    }

    /// The fix with `DOMAIN` replaced by `domain` and `TEAMID.CLIP_BUNDLE_ID` by the clip's app ID.
    package func fix(for domain: String, clipIdentifier: String) -> String {
        fix.replacingOccurrences(of: "TEAMID.CLIP_BUNDLE_ID", with: clipIdentifier).replacingOccurrences(of: "DOMAIN", with: domain)
    }
}

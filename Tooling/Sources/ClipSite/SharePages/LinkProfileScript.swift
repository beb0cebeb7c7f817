@_spi(ClipKitTooling) import ClipKit
import Crypto
import Foundation

/// The inline script of share pages whose route accepts a signed profile in the link's fragment
/// (`"fragment": "signedProfile"`): it shows the profile the link carries, verified in the browser.
///
/// A fragment never reaches a server, so only the page's own script can read it. The script
/// decodes it exactly as `EventFragment` does (version, size cap, shortest numbers, valid UTF-8,
/// nothing truncated or left over), requires the event to be kind 0 by the key in the page's path
/// (`npub` or `nprofile`; another key's event is ignored), screens it as the clip does (not more
/// than the allowed clock skew in the future, content within the cap), recomputes its id with
/// SHA-256 (`crypto.subtle`) and verifies its BIP-340 signature with its own secp256k1 arithmetic
/// on `BigInt`. Only then does it read the profile with ClipNostr's rules (strict JSON, field
/// cleaning, `https` pictures) and show it with the share page's (`ProfilePreview`), every value
/// set as text (`textContent`) or as the `src` of an image, never as markup.
///
/// Verifying in the browser rather than showing the profile as unverified until a server confirms
/// it: the static export has no server to ask; a server could confirm the link's profile only by
/// being sent the fragment, which links carry precisely so that no server sees it, or by fetching
/// from relays, which is the wait signed links exist to avoid; and the signature is all a preview
/// needs. The same check runs on `clipkit serve`'s pages and in the static `404.html`.
///
/// The outcome is written to the preview's element (`[data-clipkit-profile]`) as
/// `data-clipkit-link-profile`: `checking`, then `verified` (the profile replaces the element's
/// content), `rejected` or `ignored` (with `data-clipkit-link-profile-reason`, the clip's reason
/// code, and nothing of the fragment shown), `outdated` (the server's page already shows a profile
/// at least as new), or `unverifiable` (no Web Crypto, as on plain `http` other than loopback).
///
/// The limits and character sets come from Swift (`LinkProfileRules`); the script never fetches
/// anything and loads nothing from elsewhere. `clipkit serve` allows it, and no other script, by
/// its hash in the Content-Security-Policy (``contentSecurityPolicySource``).
package enum LinkProfileScript {
    /// The `id` of the JSON data element the script reads on a share page.
    static let dataElementID = "clipkit-link-profile"
    /// The `id` of the script element on a share page.
    static let scriptElementID = "clipkit-link-profile-script"

    /// The CSP source expression that allows this script and nothing else: `'sha256-…'`.
    package static let contentSecurityPolicySource: String = {
        "'sha256-" + Data(SHA256.hash(data: Data(source.utf8))).base64EncodedString() + "'"
    }()

    /// The data element and the script for a share page of the key `parameter`, to insert before
    /// `</body>`; `shownProfileCreatedAt` is the `created_at` of the profile the page shows, if any.
    static func pageInsertion(parameter: String, shownProfileCreatedAt: Date?) -> String {
        let shown: JSONValue = shownProfileCreatedAt.flatMap { Int64(exactly: $0.timeIntervalSince1970.rounded(.down)) }
            .map { .string(String($0)) } ?? .null
        let data: JSONValue = .object([
            "parameter": .string(parameter),
            "shownProfileCreatedAt": shown,
            "rules": LinkProfileRules.json,
        ])
        return "<script type=\"application/json\" id=\"\(dataElementID)\">\(String(decoding: data.serialized(escaping: .scriptSafe), as: UTF8.self))</script>\n"
            + "<script id=\"\(scriptElementID)\">\(source)</script>\n"
    }

    /// The script's source: `link-profile.js` beside this file, embedded in the module when it is
    /// built, so no resource bundle is looked for at run time. It exposes `clipkitLinkProfile`
    /// (decoding, verification, profile reading, `show`) so the static 404 page's router and the
    /// tests can call it; `Tooling/Tests/JavaScript` tests it under Node.
    package static let source = String(decoding: PackageResources.link_profile_js, as: UTF8.self)
}

/// The inline script of the static export's `404.html` and route pages, which renders share pages
/// in the browser.
///
/// GitHub Pages has no routing: a share URL such as `/share/d/npub1…` is not a file, so the host
/// answers with `404.html`; hosts that rewrite answer it with the route's page. The script reads `location.pathname`, matches it
/// against the manifest's route patterns (embedded as JSON beside it) with the router's rules —
/// exact host when it is one of the manifest's domains, one trailing slash tolerated, each
/// capture one non-empty percent-decoded segment, nothing under `/.well-known/` and not
/// `/apple-app-site-association` — and replaces the document with that route's
/// share page, its parameters filled in escaped: HTML-escaped for text and attributes,
/// `encodeURIComponent` then HTML-escaped inside URLs. Parameter kinds (such as `npub`) are not
/// checked in the browser; a value is only ever shown, escaped, never executed or fetched. On a
/// path no route serves, `404.html`'s script sets the title the data's `notFoundTitle` gives
/// (its head names no error, for link previews of share URLs).
///
/// For a route that accepts a signed profile (its pattern's `signedProfile` names the key's
/// capture), the rendered page is then handed to ``LinkProfileScript``, which runs in the same
/// page, with the captured key and the rules in `linkProfile`.
package enum ClientRouterScript {
    /// The `id` of the JSON data element the script reads.
    package static let dataElementID = "clipkit-share-pages"

    /// The script's source: `client-router.js` beside this file, embedded in the module when it is
    /// built, so no resource bundle is looked for at run time. `clipkitMatch` and `clipkitFill` are
    /// plain functions so tests can run them.
    package static let source = String(decoding: PackageResources.client_router_js, as: UTF8.self)
}

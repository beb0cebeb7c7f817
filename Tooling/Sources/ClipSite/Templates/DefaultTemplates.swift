/// The page templates ClipKit ships; a templates folder may replace any of them by name.
///
/// Every value reaches these templates through `{{…}}`, which HTML-escapes it, and every
/// attribute is double-quoted. URLs in `href`, `src` and `og:image` are checked `https` URLs.
enum DefaultTemplates {
    /// Templates by name.
    static let all: [String: String] = [
        "head": head,
        "style": style,
        "index": index,
        "share": share,
        "not-found": notFound,
    ]

    /// The `<head>` contents every page shares: Smart App Banner, Open Graph and Twitter tags.
    static let head = """
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{page.title}}</title>
    <meta name="description" content="{{page.description}}">
    <meta name="apple-itunes-app" content="{{banner.content}}">
    {{#page.url}}
    <link rel="canonical" href="{{page.url}}">
    {{/page.url}}
    <meta property="og:type" content="website">
    <meta property="og:site_name" content="{{app.name}}">
    <meta property="og:title" content="{{page.title}}">
    <meta property="og:description" content="{{page.description}}">
    {{#page.url}}
    <meta property="og:url" content="{{page.url}}">
    {{/page.url}}
    {{#page.image}}
    <meta property="og:image" content="{{page.image}}">
    <meta property="og:image:alt" content="{{page.imageAlt}}">
    {{/page.image}}
    <meta name="twitter:card" content="summary">
    <meta name="twitter:title" content="{{page.title}}">
    <meta name="twitter:description" content="{{page.description}}">
    {{#page.image}}
    <meta name="twitter:image" content="{{page.image}}">
    {{/page.image}}
    <meta name="referrer" content="no-referrer">
    <style>{{> style}}</style>

    """

    /// The pages' shared style sheet.
    static let style = """
    :root{color-scheme:light dark;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",sans-serif}
    body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:Canvas;color:CanvasText}
    main{max-width:26rem;margin:2rem;padding:2rem;border-radius:1.25rem;text-align:center;box-shadow:0 .25rem 1.5rem rgba(0,0,0,.12)}
    .avatar{width:6rem;height:6rem;border-radius:50%;object-fit:cover}
    h1{font-size:1.5rem;margin:.75rem 0 .5rem}
    .about{opacity:.8}
    dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;text-align:left}
    dt{font-weight:600}dd{margin:0}
    .button{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:.75rem;background:#0a84ff;color:#fff;text-decoration:none;font-weight:600}
    .hint{font-size:.875rem;opacity:.7}
    """

    /// The domain's home page.
    static let index = """
    <!doctype html>
    <html lang="en">
    <head>
    {{> head}}
    </head>
    <body>
    <main>
    <h1>{{app.name}}</h1>
    <p>{{page.description}}</p>
    <p><a class="button" href="{{app.appStoreURL}}">Get {{app.name}} on the App Store</a></p>
    </main>
    </body>
    </html>

    """

    /// A share page: the profile when there is one, the route's title otherwise. The element
    /// marked `data-clipkit-profile` is where the link-profile script shows a signed profile
    /// carried in the link (see `LinkProfileScript`).
    static let share = """
    <!doctype html>
    <html lang="en">
    <head>
    {{> head}}
    </head>
    <body>
    <main>
    <div class="profile" data-clipkit-profile>
    {{#profile}}
    {{#picture}}<img class="avatar" src="{{picture}}" alt="" width="96" height="96">{{/picture}}
    <h1>{{name}}</h1>
    {{#nip05}}<p class="nip05" title="Verified NIP-05 address">✓ {{nip05}}</p>{{/nip05}}
    {{#about}}<p class="about">{{about}}</p>{{/about}}
    {{#hasDetails}}<dl>{{#details}}<dt>{{label}}</dt><dd>{{value}}</dd>{{/details}}</dl>{{/hasDetails}}
    {{/profile}}
    {{^profile}}
    <h1>{{page.title}}</h1>
    <p>{{page.description}}</p>
    {{/profile}}
    </div>
    <p><a class="button" href="{{app.appStoreURL}}">Get {{app.name}}</a></p>
    {{#route.handledByClip}}<p class="hint">On iPhone, the {{app.name}} App Clip opens this link without installing anything.</p>{{/route.handledByClip}}
    {{^route.handledByClip}}<p class="hint">With {{app.name}} installed, this link opens in the app.</p>{{/route.handledByClip}}
    </main>
    </body>
    </html>

    """

    /// The page for paths that no route serves.
    static let notFound = """
    <!doctype html>
    <html lang="en">
    <head>
    {{> head}}
    </head>
    <body>
    <main>
    <h1>Page not found</h1>
    <p>This link does not lead anywhere on {{app.name}}'s site.</p>
    <p><a class="button" href="{{app.appStoreURL}}">Get {{app.name}}</a></p>
    </main>
    </body>
    </html>

    """
}

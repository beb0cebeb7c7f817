/// Configuration files for static hosts that read them, so the AASA is served as JSON.
enum HostingConfiguration {
    /// Netlify and Cloudflare Pages: `_headers`.
    static let netlifyHeaders = """
    /.well-known/apple-app-site-association
      Content-Type: application/json
      Cache-Control: public, max-age=3600
      X-Content-Type-Options: nosniff

    """

    /// Vercel: `vercel.json`.
    static let vercel = """
    {
      "headers": [
        {
          "source": "/.well-known/apple-app-site-association",
          "headers": [
            { "key": "Content-Type", "value": "application/json" },
            { "key": "Cache-Control", "value": "public, max-age=3600" }
          ]
        }
      ]
    }

    """

    /// Apache: `.htaccess`.
    static let apache = """
    <Files "apple-app-site-association">
      ForceType application/json
      Header set Cache-Control "public, max-age=3600"
    </Files>
    ErrorDocument 404 /404.html

    """
}

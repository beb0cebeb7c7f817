import ArgumentParser
import ClipAASA
import ClipKit
import ClipSite
import Foundation

/// `clipkit site build --out DIR`: export the link domain as static files for GitHub Pages or a CDN.
package struct SiteBuildCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Write the AASA file, home page, a page per route, 404.html and each host's configuration to a folder.",
        discussion: "The output deploys as is to GitHub Pages (.nojekyll; share links get 404.html with status 404), Netlify and Cloudflare Pages (_headers, _redirects), Vercel (vercel.json), Apache (.htaccess) and Caddy (Caddyfile), which answer share links with their route's page (clipkit-pages/) and status 200. Each domain serves its own AASA file: with several domains and no --domain, each goes to a subfolder named after it. Two builds of the same input are byte for byte identical."
    )

    /// The output folder.
    @Option(name: .long, help: "The folder to write (created if missing; other files in it are left alone).")
    package var out: String

    /// One domain to build, when the manifest has several.
    @Option(name: .long, help: "Build only this domain of the manifest, straight into --out.")
    package var domain: String?

    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Builds and writes the site, then prints what it wrote.
    package func run() async throws {
        let site = try siteOptions.loadSite()
        let builder = StaticSiteBuilder(site: site)
        let root = URL(fileURLWithPath: out)
        var targets: [(domain: String, folder: URL)] = []
        if let domain {
            targets = [(domain.lowercased(), root)]
        } else if site.domains.count == 1, let only = site.domains.first {
            targets = [(only, root)]
        } else {
            targets = site.domains.map { ($0, root.appendingPathComponent($0)) }
        }
        var written: [SiteBuildReport.Site] = []
        var lines: [String] = []
        for target in targets {
            do {
                let files = try builder.build(forDomain: target.domain)
                try files.write(to: target.folder)
                written.append(SiteBuildReport.Site(domain: target.domain, directory: target.folder.path, files: files.paths))
                lines.append("\(target.domain): wrote \(files.paths.count) files to \(target.folder.path)")
                lines.append(contentsOf: files.paths.map { "  \($0)" })
            } catch {
                throw CommandFailure.badInput(error.description)
            }
        }
        Output.emit(SiteBuildReport(sites: written), json: output.json) {
            lines.joined(separator: "\n")
        }
    }
}

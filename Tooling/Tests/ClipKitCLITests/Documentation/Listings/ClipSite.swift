import ClipKit
import ClipManifestReader
import ClipSite
import Foundation

/// The link domain as static files, as `clipkit site build` writes them; returns their paths.
func exportLinkDomain(manifestAt manifestURL: URL, to folder: URL) throws -> [String] {
    let manifest = try ManifestLoader().load(contentsOf: manifestURL)
    let site = try LinkDomainSite(manifest: manifest)                        // with the AASA file generated from the manifest
    let files = try StaticSiteBuilder(site: site).build()                    // build(forDomain:) picks one of several domains
    try files.write(to: folder)
    return files.paths                                                       // .well-known/apple-app-site-association, 404.html, …
}

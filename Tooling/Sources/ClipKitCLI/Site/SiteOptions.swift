import ArgumentParser
import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import ClipSite
import Foundation

/// The options that build a link-domain site: the manifest and an optional templates folder.
package struct SiteOptions: ParsableArguments, Sendable {
    /// A folder whose `.mustache` files replace or add to ClipKit's page templates.
    @Option(name: .long, help: "A folder of .mustache templates that override the built-in pages.")
    package var templates: String?

    @OptionGroup var manifestOption: ManifestOption

    /// Creates the options with their defaults.
    package init() {}

    /// Loads the manifest and templates and builds the site, mapping problems onto bad-input failures.
    ///
    /// - Parameters:
    ///   - relays: Relays that replace the manifest's for previews.
    ///   - transportFactory: How preview lookups reach relays (a shared fetcher for a server).
    ///   - profilePolicy: The preview-profile cache's lifetimes and limits.
    ///   - maximumWriteRelays: The most of an author's write relays a preview lookup may ask.
    package func loadSite(
        relays: [String]? = nil,
        transportFactory: any RelayTransportFactory = RelayTransports.tooling,
        profilePolicy: ShareProfileCache.Policy = .init(),
        maximumWriteRelays: Int = ProfileFetchConfiguration().maximumWriteRelays,
        verifiesNIP05: Bool = true, outbound: OutboundPolicy = .publicOnly
    ) throws -> LinkDomainSite {
        let manifest = try manifestOption.load()
        var siteTemplates = SiteTemplates.defaults
        if let templates {
            do {
                siteTemplates = try SiteTemplates(overridingWith: URL(fileURLWithPath: templates))
            } catch {
                throw CommandFailure.badInput(error.description)
            }
        }
        do {
            return try LinkDomainSite(
                manifest: manifest, templates: siteTemplates,
                profileProvider: DefaultShareProfileProvider.make(
                    for: manifest, relays: relays, transportFactory: transportFactory, maximumWriteRelays: maximumWriteRelays,
                    verifiesNIP05: verifiesNIP05, outbound: outbound
                ),
                profilePolicy: profilePolicy, parameterKinds: CommandEnvironment.parameterKinds
            )
        } catch {
            throw CommandFailure.badInput("\(manifestOption.manifest): \(error.description)")
        }
    }
}

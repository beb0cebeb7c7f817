import ClipAASA
import ClipKit
import Foundation

extension LinkDomainSite {
    /// Builds a site whose AASA documents, one per domain, come from ``/ClipAASA/AASAGenerator``.
    ///
    /// - Throws: ``LinkDomainSiteError`` when the manifest's routes cannot be compiled or its AASA
    ///   generated, and when it lists no domains (``/ClipAASA/AASAGenerationError/noDomains``): a clip
    ///   that only Apple's default App Clip link opens has no link domain to serve.
    package init(
        manifest: ClipManifest, templates: SiteTemplates = .defaults,
        profileProvider: (any ShareProfileProvider)? = nil, profilePolicy: ShareProfileCache.Policy = .init(),
        parameterKinds: ParameterKindRegistry = .standard
    ) throws(LinkDomainSiteError) {
        guard !manifest.domains.isEmpty else { throw .associationFile(.noDomains) }
        let generator = AASAGenerator(manifest: manifest)
        var files: [String: Data] = [:]
        for domain in manifest.domains {
            do {
                files[domain] = try generator.data(forDomain: domain)
            } catch {
                throw .associationFile(error)
            }
        }
        do {
            try self.init(
                manifest: manifest, associationFiles: files, templates: templates,
                profileProvider: profileProvider, profilePolicy: profilePolicy, parameterKinds: parameterKinds
            )
        } catch {
            throw .routes(error)
        }
    }
}

/// Why a link-domain site could not be built from a manifest.
package enum LinkDomainSiteError: Error, Sendable, CustomStringConvertible {
    /// The AASA document could not be generated.
    case associationFile(AASAGenerationError)
    /// A route could not be compiled.
    case routes(any Error)

    /// The underlying problem, for a person.
    package var description: String {
        switch self {
        case .associationFile(let error): return error.description
        case .routes(let error): return "\(error)"
        }
    }
}

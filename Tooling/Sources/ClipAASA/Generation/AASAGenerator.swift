@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import Foundation

/// Builds the AASA file for a link domain from the manifest, `clipkit.json`.
///
/// What it writes, for the domain it is asked about:
/// - `applinks`: one detail for the full app, with one component per route pattern on that
///   domain, in manifest order. Routes handled by the clip are listed too: once a person installs
///   the full app, it replaces the clip and receives every invocation the clip supported, so the
///   app must open those URLs as universal links. Each `{capture}` becomes `*`; a pattern already
///   covered by an earlier one is left out, because the first match wins and it could never apply.
/// - `appclips`: the clip's application identifier, so the domain's URLs may invoke the clip.
/// - no `webcredentials`: that section grants the app the domain's saved passwords and passkeys
///   (shared web credentials), which `clipkit.json` has no field to ask for, so the file does not
///   grant it. A team that wants it adds the section to the served file itself; to have ClipKit
///   write it, the manifest would gain a field (such as `app.webCredentials: true`) in
///   `Schemas/clipkit.schema.json`, `ClipManifest.AppSettings` and the validator, and this
///   generator would emit `webcredentials` only when it is set.
///
/// The output is deterministic: the same manifest gives the same bytes.
///
/// ```swift
/// let file = try AASAGenerator(manifest: manifest).data(forDomain: "roadflare.app")
/// ```
public struct AASAGenerator: Sendable {
    /// The manifest the file is generated from.
    public let manifest: ClipManifest

    /// Creates a generator for a manifest (load it with `ManifestLoader`, which checks it).
    public init(manifest: ClipManifest) {
        self.manifest = manifest
    }

    /// The domain to generate for when none is named: the manifest's only domain.
    ///
    /// - Throws: ``AASAGenerationError/domainRequired(domains:)`` when the manifest has several
    ///   domains, since each domain serves its own file; ``AASAGenerationError/noDomains`` when it
    ///   has none.
    public func defaultDomain() throws(AASAGenerationError) -> String {
        if manifest.domains.isEmpty { throw .noDomains }
        guard manifest.domains.count == 1, let only = manifest.domains.first else {
            throw .domainRequired(domains: manifest.domains)
        }
        return only
    }

    /// The AASA document for `domain`, or for the manifest's only domain when `domain` is `nil`.
    ///
    /// - Throws: ``AASAGenerationError`` when the domain is not the manifest's or a pattern does not parse.
    public func document(forDomain domain: String? = nil) throws(AASAGenerationError) -> AASADocument {
        let host = try resolve(domain)
        var components: [AASAComponent] = []
        var compiled: [CompiledComponent] = []
        for route in manifest.routes {
            for source in route.patterns {
                let pattern: RoutePattern
                do {
                    pattern = try RoutePattern(parsing: source)
                } catch {
                    throw .invalidPattern(route: route.name, reason: "\(error)")
                }
                guard pattern.host == host else { continue }
                let component = AASAComponent(path: AASAGenerator.pathPattern(for: pattern), comment: comment(for: route, pattern: source))
                let candidate = CompiledComponent(component: component, options: AASAMatchingOptions(), variables: .predefinedOnly)
                if compiled.contains(where: { $0.covers(candidate) }) { continue }
                compiled.append(candidate)
                components.append(component)
            }
        }
        let appID = manifest.appIdentifier
        return AASADocument(
            appLinks: AASAAppLinks(details: [AASADetail(appIDs: [appID], components: components)]),
            appClips: AASAServiceApps(apps: [manifest.clipIdentifier])
        )
    }

    /// The file's bytes for `domain` (see ``document(forDomain:)``).
    public func data(forDomain domain: String? = nil) throws(AASAGenerationError) -> Data {
        try document(forDomain: domain).encoded()
    }

    /// The document of every domain of the manifest, by domain.
    public func documentsByDomain() throws(AASAGenerationError) -> [String: AASADocument] {
        var result: [String: AASADocument] = [:]
        for domain in manifest.domains { result[domain] = try document(forDomain: domain) }
        return result
    }

    private func resolve(_ domain: String?) throws(AASAGenerationError) -> String {
        guard let domain else { return try defaultDomain() }
        if manifest.domains.isEmpty { throw .noDomains }
        let lowered = domain.lowercased()
        guard manifest.domains.contains(where: { $0.lowercased() == lowered }) else {
            throw .unknownDomain(domain, domains: manifest.domains)
        }
        return lowered
    }

    private func comment(for route: ClipManifest.RouteDefinition, pattern: String) -> String {
        switch route.handledBy {
        case .clip: return "\(route.name): \(pattern) (the clip's route; the app handles it once installed)"
        case .app: return "\(route.name): \(pattern)"
        }
    }

    /// The AASA path pattern for a route pattern: literal segments percent-encoded as a URL
    /// carries them, each capture as `*`.
    ///
    /// AASA patterns have no escape for their wildcards, so a literal `*`, `?` or `$` (which could
    /// start a substitution variable) is written as `?`, which matches that one character.
    public static func pathPattern(for pattern: RoutePattern) -> String {
        var path = ""
        for segment in pattern.segments {
            path += "/"
            switch segment {
            case .capture: path += "?*"
            case .literal(let text): path += PercentEncoding.patternLiteral(text)
            }
        }
        return path.isEmpty ? "/" : path
    }
}

/// Why an AASA file could not be generated.
public enum AASAGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest has several domains and none was named.
    case domainRequired(domains: [String])
    /// The named domain is not one of the manifest's.
    case unknownDomain(String, domains: [String])
    /// A route's pattern does not parse.
    case invalidPattern(route: String, reason: String)
    /// The manifest lists no domains: a clip that only Apple's default App Clip link opens.
    case noDomains

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .domainRequired(let domains):
            return "the manifest serves \(domains.count) domains (\(domains.joined(separator: ", "))) and each serves its own AASA file; name one with --domain"
        case .unknownDomain(let domain, let domains):
            return "'\(domain)' is not one of the manifest's domains (\(domains.joined(separator: ", ")))"
        case .invalidPattern(let route, let reason):
            return "route '\(route)': \(reason)"
        case .noDomains:
            return "the manifest lists no domains: its clip opens only through Apple's default App Clip link, which Apple serves, so there is no AASA file to generate and no link domain to build or serve; add a domain to 'domains' and a route pattern on it to have links of your own"
        }
    }
}

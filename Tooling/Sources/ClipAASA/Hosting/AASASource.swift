import Foundation

/// Where an AASA file comes from, as a command-line argument names it: an `http(s)://` URL (the
/// scheme in any case) or a file path.
public enum AASASource: Sendable, Hashable {
    /// A URL of a domain or of its AASA file.
    case url(URL)
    /// A file path.
    case file(String)
    /// Text that starts like an `http(s)://` URL but is not one.
    case malformedURL(String)

    /// Reads `argument`: a URL when it starts with `https://` or `http://`, a path otherwise.
    public init(_ argument: String) {
        let lowered = argument.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
            self = .file(argument)
            return
        }
        self = URL(string: argument).map(AASASource.url) ?? .malformedURL(argument)
    }

    /// The URL, when the source is one.
    public var url: URL? {
        if case .url(let url) = self { return url }
        return nil
    }
}

extension AASACDNCheck {
    /// A domain whose CDN copy is compared, with where the domain's own file comes from.
    public struct Target: Sendable, Hashable {
        /// The domain, lowercased.
        public let domain: String
        /// Where the domain's own file comes from.
        public let origin: Origin
    }

    /// The domains whose CDN copy is compared and where each one's own file comes from: the
    /// source URL for the domain it names (its host, or the only domain), the file's bytes when
    /// there is only one domain, and otherwise `https://<domain>`.
    ///
    /// - Parameters:
    ///   - domains: The domains to compare (`--domain`, the manifest's, or the URL's host).
    ///   - source: The AASA URL given, if any.
    ///   - file: A local file's bytes and its name for messages, if one was given and read.
    public static func targets(forDomains domains: [String], source: URL?, file: (data: Data, label: String)?) -> [Target] {
        let names = domains.map { $0.lowercased() }
        let host = source?.host?.lowercased()
        return names.compactMap { name -> Target? in
            if let source, host == name || names.count == 1 { return Target(domain: name, origin: .fetch(source)) }
            if let file, names.count == 1 { return Target(domain: name, origin: .bytes(file.data, label: file.label)) }
            guard let url = URL(string: "https://\(name)") else { return nil }
            return Target(domain: name, origin: .fetch(url))
        }
    }
}

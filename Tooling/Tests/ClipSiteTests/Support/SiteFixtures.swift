import ClipAASA
import ClipKit
import ClipNostr
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation

/// Manifests, sites and hostile inputs the ClipSite tests share.
enum SiteFixtures {
    /// The standard kinds and ClipNostr's, which the RoadFlare example names.
    static let kinds = ParameterKindRegistry.standardWithNostr

    /// A real npub (the test driver's, `Tests/Fixtures/nostr`).
    static let npub = "npub1seq7ln62frek853200w4jrge72uq750dezc4rvxwjknfjgfvs7vs2wkxuj"

    /// A small AASA document per domain that names the domain, so tests can tell them apart.
    static func associationFiles(for manifest: ClipManifest) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: manifest.domains.map { domain in
            (domain, Data(#"{"applinks":{"details":[]},"comment":"\#(domain)"}"#.utf8))
        })
    }

    static func site(
        _ name: String, templates: SiteTemplates = .defaults, provider: (any ShareProfileProvider)? = nil,
        policy: ShareProfileCache.Policy = .init()
    ) throws -> LinkDomainSite {
        let manifest = try ExampleManifest.load(name)
        return try LinkDomainSite(
            manifest: manifest, associationFiles: associationFiles(for: manifest), templates: templates,
            profileProvider: provider, profilePolicy: policy, parameterKinds: kinds
        )
    }

    /// Kind-0 fields written to break out of text, attributes and URLs.
    static let hostileProfile = ShareProfile(
        name: "<script>alert('name')</script>\"\u{301}><img src=x onerror=alert(1)>",
        pictureURL: "javascript:alert(document.cookie)",
        about: "\"><img src=x onerror=alert(2)>'\u{301}><svg onload=alert(3)>\u{202E}",
        details: [ShareProfile.Detail(label: "Car\"><script>", value: "</dd><script>alert(4)</script>")]
    )

    /// Fragments that must never appear in a page rendered from hostile input.
    static let forbiddenFragments = ["<script>alert", "<img src=x", "<svg", "javascript:", "onerror=alert(1)>", "\"\u{301}", "'\u{301}", "</dd><script"]
}

/// A profile provider the test controls: fixed answers, optional delay or failure, call counting.
actor ControlledProvider: ShareProfileProvider {
    var answers: [String: ShareProfile]
    var delay: TimeInterval
    var failing: Bool
    private(set) var calls = 0

    init(answers: [String: ShareProfile] = [:], delay: TimeInterval = 0, failing: Bool = false) {
        self.answers = answers
        self.delay = delay
        self.failing = failing
    }

    func set(answers: [String: ShareProfile]) { self.answers = answers }
    func set(failing: Bool) { self.failing = failing }

    func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        calls += 1
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
        if failing { throw ProviderFailure() }
        return request.parameters.values.lazy.compactMap { self.answers[$0] }.first
    }

    struct ProviderFailure: Error {}
}

import ClipAppStoreConnect
import ClipTestSupport
import ClipToolingTestSupport
import Crypto
import Foundation
import Testing

/// Reading a build bundle's App Clip domain statuses, and a build's bundles, from the App Store
/// Connect API stand-in over real HTTP.
@Suite(.serialized) struct AppClipDomainStatusTests {
    static let keyID = "2X9R4HXF34"
    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"

    struct Setup {
        let standIn: AppStoreConnectStandIn
        let client: AppStoreConnectClient
    }

    func setup() throws -> Setup {
        let key = P256.Signing.PrivateKey()
        let standIn = try AppStoreConnectStandIn(publicKey: key.publicKey, keyID: Self.keyID, issuerID: Self.issuer)
        let token = try AppStoreConnectToken(p8: key.pemRepresentation, keyID: Self.keyID, issuerID: Self.issuer)
        let client = try AppStoreConnectClient(baseURL: standIn.baseURL, token: token,
                                               retryPolicy: AppStoreConnectRetryPolicy(maximumAttempts: 3, initialDelay: 0.01, maximumDelay: 0.1))
        return Setup(standIn: standIn, client: client)
    }

    @Test func eachStatusKindIsReadAsAppStoreConnectSendsIt() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.setDomainStatus(
            buildBundleID: "bundle-1",
            cache: [.init("roadflare.app", isValid: true), .init("www.roadflare.app", isValid: false, errorCode: "BAD_HTTP_RESPONSE")],
            debug: [.init("roadflare.app", isValid: true), .init("www.roadflare.app", isValid: false, errorCode: "DNS_ERROR", lastUpdatedDate: "2025-03-02T10:00:00.000+0000"),
                    .init("pending.roadflare.app", isValid: nil)]
        )
        let cache = try #require(try await setup.client.appClipDomainStatus(.cache, buildBundleID: "bundle-1"))
        #expect(cache.kind == .cache)
        #expect(cache.id == "bundle-1-cache")
        #expect(cache.domains == [
            AppClipDomainStatus.Domain(domain: "roadflare.app", isValid: true, lastUpdatedDate: "2025-03-01T09:30:00.000+0000"),
            AppClipDomainStatus.Domain(domain: "www.roadflare.app", isValid: false, lastUpdatedDate: "2025-03-01T09:30:00.000+0000", errorCode: "BAD_HTTP_RESPONSE"),
        ])
        let debug = try #require(try await setup.client.appClipDomainStatus(.debug, buildBundleID: "bundle-1"))
        #expect(debug.domains.map(\.errorCode) == [nil, "DNS_ERROR", nil])
        #expect(debug.domains[2].isValid == nil)
        #expect(debug.lastUpdatedDate == "2025-03-02T10:00:00.000+0000")
        #expect(setup.standIn.requests == ["GET /v1/buildBundles/bundle-1/appClipDomainCacheStatus", "GET /v1/buildBundles/bundle-1/appClipDomainDebugStatus"])
        #expect(setup.standIn.refusedTokens.isEmpty)
    }

    @Test func aStatusAppStoreConnectDoesNotHaveIsNil() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.setDomainStatus(buildBundleID: "bundle-1", cache: nil, debug: [.init("roadflare.app", isValid: true)])
        #expect(try await setup.client.appClipDomainStatus(.cache, buildBundleID: "bundle-1") == nil)
        #expect(try await setup.client.appClipDomainStatus(.debug, buildBundleID: "bundle-1")?.domains.count == 1)
        #expect(try await setup.client.appClipDomainStatus(.debug, buildBundleID: "no-such-bundle") == nil)
    }

    @Test func a429ThenSuccessIsSurvived() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.setDomainStatus(buildBundleID: "bundle-1", cache: [.init("roadflare.app", isValid: true)], debug: nil)
        setup.standIn.force(429, for: "GET")
        let cache = try await setup.client.appClipDomainStatus(.cache, buildBundleID: "bundle-1")
        #expect(cache?.domains.first?.isValid == true)
        #expect(setup.standIn.requests.count == 2)
    }

    @Test func aKeyTheServerDoesNotKnowIsAClearError() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.setDomainStatus(buildBundleID: "bundle-1", cache: [.init("roadflare.app", isValid: true)], debug: nil)
        let stranger = try AppStoreConnectToken(p8: P256.Signing.PrivateKey().pemRepresentation, keyID: Self.keyID, issuerID: Self.issuer)
        let client = try AppStoreConnectClient(baseURL: setup.standIn.baseURL, token: stranger)
        do {
            _ = try await client.appClipDomainStatus(.cache, buildBundleID: "bundle-1")
            Issue.record("a token signed with another key was accepted")
        } catch {
            guard case .status(401, _, _, let detail) = error else { Issue.record("unexpected \(error)"); return }
            #expect(detail.contains("bad signature"))
            #expect(error.description.contains("key ID"))
        }
    }

    @Test func aBuildsBundlesNameItsAppClip() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.addBuild(id: "build-7", bundles: [("bb-app", "com.roadflare.RoadFlare", "APP"), ("bb-clip", "com.roadflare.RoadFlare.Clip", "APP_CLIP")])
        let bundles = try await setup.client.buildBundles(buildID: "build-7")
        #expect(bundles.map(\.id) == ["bb-app", "bb-clip"])
        #expect(bundles.filter(\.isAppClip).map(\.bundleID) == ["com.roadflare.RoadFlare.Clip"])
        await #expect(throws: AppStoreConnectError.self) { _ = try await setup.client.buildBundles(buildID: "build-8") }
    }
}

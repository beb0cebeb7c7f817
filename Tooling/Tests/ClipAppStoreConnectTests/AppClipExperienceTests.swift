import ClipKit
import ClipAppStoreConnect
import ClipTestSupport
import ClipToolingTestSupport
import Crypto
import Foundation
import Testing

/// Planning advanced App Clip experiences from the manifest and pushing them to the App Store
/// Connect API stand-in (``AppStoreConnectStandIn``), which checks every token's signature and claims.
@Suite(.serialized) struct AppClipExperienceTests {
    static let keyID = "2X9R4HXF34"
    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
    static let appClipID = "clip-6444370199"

    /// RoadFlare's manifest with two places.
    func manifest() throws -> ClipManifest {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.places = [
            ClipManifest.Place(name: "Union Station stand", url: "https://roadflare.app/share/d/union-station", latitude: 38.8973, longitude: -77.0063, mapAction: "VIEW_AVAILABILITY"),
            ClipManifest.Place(name: "Airport stand", url: "https://roadflare.app/share/d/airport", latitude: 38.8512, longitude: -77.0402, mapAction: "BUY_TICKETS"),
        ]
        return manifest
    }

    struct Setup {
        let standIn: AppStoreConnectStandIn
        let client: AppStoreConnectClient
    }

    func setup(retryDelay: TimeInterval = 0.01) throws -> Setup {
        let key = P256.Signing.PrivateKey()
        let standIn = try AppStoreConnectStandIn(publicKey: key.publicKey, keyID: Self.keyID, issuerID: Self.issuer, appClipID: Self.appClipID)
        let token = try AppStoreConnectToken(p8: key.pemRepresentation, keyID: Self.keyID, issuerID: Self.issuer)
        let client = try AppStoreConnectClient(baseURL: standIn.baseURL, token: token,
                                               retryPolicy: AppStoreConnectRetryPolicy(maximumAttempts: 4, initialDelay: retryDelay, maximumDelay: 0.1))
        return Setup(standIn: standIn, client: client)
    }

    @Test func thePlanHasOneExperiencePerClipRoutePrefixAndPerPlace() throws {
        let plan = try AppClipExperiencePlan(manifest: manifest())
        #expect(plan.experiences.map(\.link) == [
            "https://roadflare.app/share/d/",
            "https://roadflare.app/share/d/union-station",
            "https://roadflare.app/share/d/airport",
        ])
        #expect(plan.experiences[0].place == nil)
        #expect(plan.experiences[0].source == "route driverShare")
        // A place without a radius gets the clip's default region, 100 metres.
        #expect(plan.experiences[1].place == .init(name: "Union Station stand", latitude: 38.8973, longitude: -77.0063, mapAction: "VIEW_AVAILABILITY", radius: 100))
        // riderShare is handled by the app, so it is not an App Clip experience.
        #expect(!plan.experiences.contains { $0.link.contains("/share/r/") })
    }

    @Test func aPlaceWhoseURLIsARoutePrefixIsPlannedOnThatExperience() throws {
        var manifest = try manifest()
        manifest.places.insert(
            ClipManifest.Place(name: "Main stand", url: "https://roadflare.app/share/d/", latitude: 38.9, longitude: -77.03, mapAction: "VIEW_AVAILABILITY"), at: 1
        )
        let plan = try AppClipExperiencePlan(manifest: manifest)
        // Still one experience per link, and every place is in the plan with its coordinates and map action.
        #expect(plan.experiences.map(\.link) == [
            "https://roadflare.app/share/d/",
            "https://roadflare.app/share/d/union-station",
            "https://roadflare.app/share/d/airport",
        ])
        #expect(plan.experiences[0].place == .init(name: "Main stand", latitude: 38.9, longitude: -77.03, mapAction: "VIEW_AVAILABILITY", radius: 100))
        #expect(plan.experiences[0].source == "place Main stand, at the prefix of route driverShare")
        #expect(Set(plan.experiences.compactMap(\.place?.name)) == Set(manifest.places.map(\.name)))
    }

    @Test func aPlacesRadiusIsPlannedButIsNoChangeForAppStoreConnect() throws {
        var manifest = try manifest()
        manifest.places[0].radius = 250
        let plan = try AppClipExperiencePlan(manifest: manifest)
        let planned = try #require(plan.experiences.first { $0.place?.name == manifest.places[0].name })
        #expect(planned.place?.radius == 250)
        // App Store Connect holds no radius: the same experience read back without one is unchanged.
        var stored = planned
        stored.place?.radius = nil
        #expect(!planned.differs(from: stored))
        stored.place?.latitude += 0.001
        #expect(planned.differs(from: stored))
    }

    @Test func aDryRunWritesNothing() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        var lines: [String] = []
        let result = try await AppClipExperienceSync(plan: try AppClipExperiencePlan(manifest: manifest()))
            .push(using: setup.client, appClipID: Self.appClipID, apply: false) { lines.append($0) }
        #expect(result.dryRun)
        #expect(result.created.count == 3)
        #expect(setup.standIn.requests == ["GET /v1/appClips/\(Self.appClipID)/appClipAdvancedExperiences"])
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains("would create") })
        #expect(setup.standIn.refusedTokens.isEmpty)
    }

    @Test func pushCreatesThenAgainChangesNothingThenOneEditIsOneUpdate() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        let plan = try AppClipExperiencePlan(manifest: manifest())
        var lines: [String] = []
        let first = try await AppClipExperienceSync(plan: plan).push(using: setup.client, appClipID: Self.appClipID, apply: true) { lines.append($0) }
        #expect(!first.dryRun)
        #expect(first.created == plan.experiences.map(\.link))
        #expect(lines.count == 3 && lines.allSatisfy { $0.contains("created") })
        let stored = setup.standIn.experiences
        #expect(stored.count == 3)
        let place = try #require(stored[1].attributes["place"] as? [String: Any])
        #expect(place["mapAction"] as? String == "VIEW_AVAILABILITY")
        #expect((place["names"] as? [String]) == ["Union Station stand"])
        let point = try #require((place["displayPoint"] as? [String: Any])?["coordinates"] as? [String: Any])
        #expect(point["latitude"] as? Double == 38.8973)

        let second = try await AppClipExperienceSync(plan: plan).push(using: setup.client, appClipID: Self.appClipID, apply: true)
        #expect(second.unchanged.count == 3)
        #expect(second.created.isEmpty && second.updated.isEmpty && second.removed.isEmpty)
        #expect(setup.standIn.requests.filter { !$0.hasPrefix("GET") }.count == 3)

        var edited = try manifest()
        edited.places[1].mapAction = "SCHEDULE_APPOINTMENT"
        let third = try await AppClipExperienceSync(plan: try AppClipExperiencePlan(manifest: edited)).push(using: setup.client, appClipID: Self.appClipID, apply: true)
        #expect(third.updated == ["https://roadflare.app/share/d/airport"])
        #expect(third.unchanged.count == 2)
        let writes = setup.standIn.requests.filter { !$0.hasPrefix("GET") }
        #expect(writes.count == 4)
        #expect(writes.last?.hasPrefix("PATCH /v1/appClipAdvancedExperiences/") == true)
        #expect(setup.standIn.refusedTokens.isEmpty)
    }

    @Test func anExperienceTheManifestNoLongerHasIsRemoved() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.seed(link: "https://roadflare.app/old-stand")
        setup.standIn.seed(link: "https://roadflare.app/share/d/")
        let result = try await AppClipExperienceSync(plan: try AppClipExperiencePlan(manifest: manifest())).push(using: setup.client, appClipID: Self.appClipID, apply: true)
        #expect(result.removed == ["https://roadflare.app/old-stand"])
        #expect(result.unchanged == ["https://roadflare.app/share/d/"])
        #expect(result.created.count == 2)
        #expect(setup.standIn.experiences.first?.attributes["status"] as? String == "DEACTIVATED")
        // Removed experiences stay removed: a second push changes nothing.
        let again = try await AppClipExperienceSync(plan: try AppClipExperiencePlan(manifest: manifest())).push(using: setup.client, appClipID: Self.appClipID, apply: true)
        #expect(again.unchanged.count == 3 && again.removed.isEmpty && again.created.isEmpty)
    }

    @Test func a429ThenSuccessIsSurvived() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.force(429, for: "POST")
        setup.standIn.force(503, for: "GET")
        let result = try await AppClipExperienceSync(plan: try AppClipExperiencePlan(manifest: manifest())).push(using: setup.client, appClipID: Self.appClipID, apply: true)
        #expect(result.created.count == 3)
        #expect(setup.standIn.experiences.count == 3)
        let requests = setup.standIn.requests
        #expect(requests.filter { $0.hasPrefix("GET") }.count == 2)
        #expect(requests.filter { $0.hasPrefix("POST") }.count == 4)
    }

    @Test func rateLimitingThatNeverEndsIsAClearError() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.force(429, for: "GET", times: 10)
        await #expect(throws: AppStoreConnectError.self) {
            _ = try await setup.client.experiences(appClipID: Self.appClipID)
        }
        #expect(setup.standIn.requests.count == 4)
    }

    @Test func aBadKeyIsAClearError() throws {
        #expect {
            _ = try AppStoreConnectToken(p8: "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n", keyID: Self.keyID, issuerID: Self.issuer)
        } throws: { error in
            guard let error = error as? AppStoreConnectError, case .badKey = error else { return false }
            return error.description.contains("P-256") && error.description.contains("--key")
        }
        let folder = try TemporaryDirectory()
        #expect(throws: AppStoreConnectError.self) {
            _ = try AppStoreConnectToken(p8File: folder.url.appendingPathComponent("missing.p8").path, keyID: Self.keyID, issuerID: Self.issuer)
        }
    }

    @Test func aKeyTheServerDoesNotKnowIsRefusedWithAdvice() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        let stranger = try AppStoreConnectToken(p8: P256.Signing.PrivateKey().pemRepresentation, keyID: Self.keyID, issuerID: Self.issuer)
        let client = try AppStoreConnectClient(baseURL: setup.standIn.baseURL, token: stranger)
        do {
            _ = try await client.experiences(appClipID: Self.appClipID)
            Issue.record("a token signed with another key was accepted")
        } catch {
            guard case .status(401, _, _, let detail) = error else { Issue.record("unexpected \(error)"); return }
            #expect(detail.contains("bad signature"))
            #expect(error.description.contains("key ID"))
        }
        #expect(setup.standIn.refusedTokens == ["bad signature"])
    }

    @Test func tokensCarryTheDocumentedClaims() throws {
        let key = P256.Signing.PrivateKey()
        let token = try AppStoreConnectToken(p8: key.pemRepresentation, keyID: Self.keyID, issuerID: Self.issuer)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let parts = try token.token(now: now).split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let claimsData = try #require(AppStoreConnectStandIn.base64URL(parts[1]))
        let claims = try #require(try JSONSerialization.jsonObject(with: claimsData) as? [String: Any])
        #expect(claims["iss"] as? String == Self.issuer)
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        #expect(claims["iat"] as? Int == 1_700_000_000)
        #expect(claims["exp"] as? Int == 1_700_000_000 + 1200)
        let signatureData = try #require(AppStoreConnectStandIn.base64URL(parts[2]))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureData)
        #expect(key.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
    }

    @Test func plainHTTPIsRefusedExceptOnLoopback() throws {
        let token = try AppStoreConnectToken(p8: P256.Signing.PrivateKey().pemRepresentation, keyID: Self.keyID, issuerID: Self.issuer)
        let remote = try #require(URL(string: "http://api.example.com"))
        #expect(throws: AppStoreConnectError.self) { _ = try AppStoreConnectClient(baseURL: remote, token: token) }
    }
}

@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// `"secret": true` on a handoff type and `clip.notificationRoutes` are read into the model, and a
/// notification route must be a route the clip handles, of a clip that requests ephemeral notifications.
@Suite struct SecretTypesAndNotificationRoutesTests {
    static func coffeeShop(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        let url = TestEnvironment.file("Examples/coffee-shop/clipkit.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        document.removeValue(forKey: "$schema")
        edit(&document)
        return try JSONSerialization.data(withJSONObject: document)
    }

    static func editClip(_ document: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        var clip = document["clip"] as? [String: Any] ?? [:]
        edit(&clip)
        document["clip"] = clip
    }

    @Test func secretAndNotificationRoutesAreRead() throws {
        let data = try Self.coffeeShop { document in
            var handoff = document["handoff"] as? [String: Any] ?? [:]
            var types = handoff["types"] as? [[String: Any]] ?? []
            types.append(["name": "com.example.coffee.session", "required": ["token"], "secret": true])
            handoff["types"] = types
            document["handoff"] = handoff
            Self.editClip(&document) { $0["notificationRoutes"] = ["table", "store"] }
        }
        let manifest = try ManifestLoader().load(data: data)
        #expect(manifest.clip.notificationRoutes == ["table", "store"])
        #expect(manifest.handoffType(named: "com.example.coffee.session")?.isSecret == true)
        #expect(manifest.handoffType(named: "com.example.coffee.order")?.isSecret == false)
        // Written back and read again, the manifest is the same (secret and notificationRoutes included).
        #expect(try ManifestLoader().load(data: manifest.jsonValue.serialized()) == manifest)
    }

    @Test func anAppRouteCannotBeANotificationRoute() throws {
        let data = try Self.coffeeShop { Self.editClip(&$0) { $0["notificationRoutes"] = ["table", "receipt"] } }
        let error = #expect(throws: ManifestError.self) { try ManifestLoader().load(data: data) }
        let issues = error?.issues ?? []
        #expect(issues.map(\.path) == ["$.clip.notificationRoutes[1]"], "\(issues)")
        #expect(issues.first?.message.contains("handled by the app") == true)
    }

    @Test func anUnknownRouteNamesTheClipRoutes() throws {
        let data = try Self.coffeeShop { Self.editClip(&$0) { $0["notificationRoutes"] = ["tables"] } }
        let issues = (#expect(throws: ManifestError.self) { try ManifestLoader().load(data: data) })?.issues ?? []
        #expect(issues.map(\.path) == ["$.clip.notificationRoutes[0]"])
        #expect(issues.first?.message.contains("clip routes: table, store") == true, "\(issues)")
    }

    @Test func notificationRoutesNeedEphemeralNotifications() throws {
        let data = try Self.coffeeShop {
            Self.editClip(&$0) {
                $0["notificationRoutes"] = ["table"]
                $0["requestsEphemeralNotifications"] = false
            }
        }
        let issues = (#expect(throws: ManifestError.self) { try ManifestLoader().load(data: data) })?.issues ?? []
        #expect(issues.map(\.path) == ["$.clip.notificationRoutes"])
        #expect(issues.first?.message.contains("requestsEphemeralNotifications") == true)
    }
}

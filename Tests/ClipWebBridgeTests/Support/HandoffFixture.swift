@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import ClipWebBridge
import Foundation

/// A container folder and the handoff store a clip writes through, as the bridge tests use them.
struct HandoffFixture {
    let folder: TemporaryDirectory
    let defaults: DirectorySharedDefaults

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-webbridge")
        defaults = try DirectorySharedDefaults(directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: folder.url))
    }

    func store(lifetime: Int = 3600) throws -> HandoffStore {
        try HandoffStore(defaults: defaults, lifetime: lifetime)
    }

    /// Whether an entry waits in the container.
    var entryExists: Bool {
        FileManager.default.fileExists(atPath: defaults.directory.appendingPathComponent(HandoffStore.defaultKey).path)
    }
}

/// A page's link, handed off as an app's own payload type.
struct LinkHandoff: HandoffPayload, Equatable {
    static let handoffTypeName = "com.example.link"
    var link: String
}

enum Samples {
    static let link = LinkHandoff(link: "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a")
}

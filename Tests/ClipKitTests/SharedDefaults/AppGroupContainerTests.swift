@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The App Group container value: a checked identifier and the folder that stands for the container.
@Suite struct AppGroupContainerTests {
    @Test func theManifestsAppGroupNamesTheContainer() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        let folder = try TemporaryDirectory()
        let container = try AppGroupContainer(manifest: manifest, directory: folder.url)
        #expect(container.identifier == "group.app.bsky")
        #expect(container.directory == folder.url.standardizedFileURL)
    }

    @Test(arguments: ["com.example.app", "group.", "group..x", "group.a b", "Group.com.example", ""])
    func identifiersThatAreNotAppGroupsAreRejected(_ identifier: String) {
        #expect(throws: AppGroupContainerError.invalidIdentifier(identifier)) {
            try AppGroupContainer(identifier: identifier, directory: URL(fileURLWithPath: "/tmp"))
        }
    }

    @Test func theErrorsSayWhatToDo() {
        #expect(AppGroupContainerError.notEntitled(identifier: "group.app.bsky").description.contains("com.apple.security.application-groups"))
        #expect(AppGroupContainerError.invalidIdentifier("x").description.contains("group."))
    }
}

@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipTestSupport
import Foundation
import Testing

@Suite struct SharedDefaultsPromotionMemoryTests {
    @Test func aDismissalSurvivesIntoAnotherMemoryOverTheSameFolder() throws {
        let fixture = try AppGroupFixture()
        let clip = SharedDefaultsPromotionMemory(defaults: fixture.defaults)
        #expect(clip.lastDismissal() == nil)
        clip.recordDismissal(at: Date(timeIntervalSince1970: 1_700_000_000.7))

        let reopened = SharedDefaultsPromotionMemory(defaults: try DirectorySharedDefaults(directory: fixture.defaults.directory))
        #expect(reopened.lastDismissal() == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test(arguments: ["", "yesterday", "-5", "1e9", String(repeating: "9", count: 40)])
    func unreadableValuesCountAsNeverDismissed(stored: String) throws {
        let fixture = try AppGroupFixture()
        try fixture.defaults.set(Data(stored.utf8), forKey: SharedDefaultsPromotionMemory.defaultKey)
        #expect(SharedDefaultsPromotionMemory(defaults: fixture.defaults).lastDismissal() == nil)
    }

    @Test func absurdDatesAreStoredWithoutTrapping() throws {
        let fixture = try AppGroupFixture()
        let memory = SharedDefaultsPromotionMemory(defaults: fixture.defaults)
        memory.recordDismissal(at: .distantFuture)
        memory.recordDismissal(at: Date(timeIntervalSince1970: 1e300))
        #expect(memory.lastDismissal() != nil)
        memory.recordDismissal(at: .distantPast)
        #expect(memory.lastDismissal() == Date(timeIntervalSince1970: 0))
    }
}

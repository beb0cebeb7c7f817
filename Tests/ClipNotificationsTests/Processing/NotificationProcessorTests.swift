@_spi(ClipKitTooling) import ClipNotifications
import ClipTestSupport
import Foundation
import Testing

@Suite struct NotificationProcessorTests {
    func processor(in folder: TemporaryDirectory, counter: Bool = true) throws -> NotificationProcessor {
        NotificationProcessor(
            policy: ReasonPolicy.bluesky,
            preferences: ContainerPreferencesStore(containerDirectory: folder.url),
            badgeCounter: counter ? try BadgeCounter(containerDirectory: folder.url) : nil
        )
    }

    @Test func chatMessageWithTheSwitchOn() throws {
        let folder = try TemporaryDirectory()
        try ContainerPreferencesStore(containerDirectory: folder.url).save(["playSoundChat": true])
        let processed = try processor(in: folder).process(SamplePayloads.data(SamplePayloads.chatMessage))
        #expect(processed.content.sound == .named("dm.aiff"))
        #expect(processed.content.badge == nil)
        #expect(processed.badgeUpdate == nil)
        #expect(processed.content.title == "Alice")
        #expect(processed.content.body == "see you at 5?")
        #expect(processed.content.communication?.avatarURL?.path.hasPrefix("/img/avatar_thumbnail/") == true)
        #expect(processed.issues.isEmpty && processed.problems.isEmpty)
        #expect(try BadgeCounter(containerDirectory: folder.url).value() == 0)
    }

    @Test func otherNotificationsCountUpTheSharedBadge() throws {
        let folder = try TemporaryDirectory()
        let processor = try processor(in: folder)
        var badges: [Int?] = []
        for _ in 0..<3 {
            badges.append(try processor.process(SamplePayloads.data(SamplePayloads.like)).content.badge)
        }
        // The payload's own badge (3) is replaced by the shared count.
        #expect(badges == [1, 2, 3])
        #expect(try BadgeCounter(containerDirectory: folder.url).value() == 3)
        let chat = try processor.process(SamplePayloads.data(SamplePayloads.chatMessage))
        #expect(chat.content.badge == nil)
        #expect(chat.content.sound == .default)  // the switch is off: the payload's sound stays
    }

    @Test func withoutACounterTheBadgeIsLeftAndTheProblemNamed() throws {
        let folder = try TemporaryDirectory()
        let processed = try processor(in: folder, counter: false).process(SamplePayloads.data(SamplePayloads.like))
        #expect(processed.content.badge == 3)
        #expect(processed.problems == [.noBadgeCounter])
    }

    @Test func unreadablePreferencesCountAsOff() throws {
        let folder = try TemporaryDirectory()
        try Data("{not json".utf8).write(to: folder.file(ContainerPreferencesStore.defaultFileName))
        let processed = try processor(in: folder).process(SamplePayloads.data(SamplePayloads.chatMessage))
        #expect(processed.content.sound == .default)
        guard case .preferencesUnavailable? = processed.problems.first else {
            Issue.record("expected a preferences problem, got \(processed.problems)"); return
        }
    }

    @Test func rejectedPayloadThrows() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: PayloadRejection.notAnObject(found: "an array")) {
            try processor(in: folder).process(Data("[]".utf8))
        }
    }

    struct ServedAvatar: AvatarLoading {
        let bytes: Int
        func loadAvatar(from url: URL, maximumBytes: Int) async throws -> Data { Data(repeating: 7, count: bytes) }
    }

    struct FailingAvatar: AvatarLoading {
        func loadAvatar(from url: URL, maximumBytes: Int) async throws -> Data { throw URLError(.timedOut) }
    }

    @Test func avatarIsAttachedOnlyWhenItLoadsWithinTheCap() async throws {
        let folder = try TemporaryDirectory()
        let processor = try processor(in: folder)
        let content = try processor.process(SamplePayloads.data(SamplePayloads.chatMessage)).content
        let loaded = await processor.attachingAvatar(to: content, using: ServedAvatar(bytes: 1_000))
        #expect(loaded.communication?.avatarImageData?.count == 1_000)
        let oversized = await processor.attachingAvatar(to: content, using: ServedAvatar(bytes: CommunicationNotification.maximumAvatarBytes + 1))
        #expect(oversized == content)
        let failed = await processor.attachingAvatar(to: content, using: FailingAvatar())
        #expect(failed == content)
    }

    /// What the iOS glue does, on Linux: an avatar download that never answers does not cost the
    /// notification its sound, badge or sender — the guard delivers the best attempt.
    @Test func hungAvatarDownloadStillDeliversTheProcessedContent() async throws {
        struct HungAvatar: AvatarLoading {
            let called: DeadlineGuardTests.Flag
            func loadAvatar(from url: URL, maximumBytes: Int) async throws -> Data {
                called.set()
                try await Task.sleep(nanoseconds: 3_600_000_000_000)
                return Data()
            }
        }
        let loaderCalled = DeadlineGuardTests.Flag()
        let folder = try TemporaryDirectory()
        try ContainerPreferencesStore(containerDirectory: folder.url).save(["playSoundChat": true])
        let processor = try processor(in: folder)
        let payload = SamplePayloads.data(SamplePayloads.chatMessage)
        let original = NotificationContent(payload: try processor.parser.parse(payload).payload)
        let timer = ManualDeadlineTimer()
        let log = DeliveryLog<NotificationContent>()
        let deadline = DeadlineGuard(original: original, contentHandler: log.handler)
        deadline.run(within: 25, timer: timer) { bestAttempt in
            let processed = try processor.process(payload, original: original)
            bestAttempt.record(processed.content)
            return await processor.attachingAvatar(to: processed.content, using: HungAvatar(called: loaderCalled))
        }
        try await timer.waitForSleeps(1)
        while !loaderCalled.isSet { try await Task.sleep(nanoseconds: 1_000_000) }
        timer.advance(by: 25)
        let delivery = try await log.waitForDelivery()
        #expect(delivery.outcome == .budgetExhausted)
        #expect(delivery.content.sound == .named("dm.aiff"))
        #expect(delivery.content.communication?.senderName == "Alice")
        #expect(delivery.content.communication?.avatarImageData == nil)
    }
}

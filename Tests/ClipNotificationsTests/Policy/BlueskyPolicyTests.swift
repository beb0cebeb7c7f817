@_spi(ClipKitTooling) import ClipNotifications
import Foundation
import Testing

/// Bluesky's extension: chat messages and reactions get the DM sound when `playSoundChat` is on and
/// become communication notifications; everything else adds one to the badge.
@Suite struct BlueskyPolicyTests {
    let policy = ReasonPolicy.bluesky

    func payload(_ text: String) throws -> NotificationPayload {
        try NotificationPayloadParser().parse(Data(text.utf8)).payload
    }

    @Test(arguments: [SamplePayloads.chatMessage, SamplePayloads.chatReaction])
    func chatPlaysTheDMSoundWhenEnabled(text: String) throws {
        let decision = policy.decide(for: try payload(text), preferences: ["playSoundChat": true])
        #expect(decision.matchedRule)
        #expect(decision.mutations.sound == .named("dm.aiff"))
        #expect(decision.mutations.badge == nil)
        #expect(decision.issues.isEmpty)
        let communication = try #require(decision.mutations.communication)
        #expect(communication.senderName == "Alice")
        #expect(communication.conversationIdentifier == "3kconvo")
        #expect(communication.avatarURL?.absoluteString == "https://cdn.bsky.app/img/avatar_thumbnail/plain/did:plc:alice/bafkreiabc@jpeg")
    }

    @Test(arguments: [
        NotificationPreferences(),
        ["playSoundChat": false],
        ["playSoundChat": "yes"],
        ["otherSwitch": true],
    ] as [NotificationPreferences])
    func chatKeepsItsSoundWhenTheSwitchIsOff(preferences: NotificationPreferences) throws {
        let decision = policy.decide(for: try payload(SamplePayloads.chatMessage), preferences: preferences)
        #expect(decision.mutations.sound == nil)
        #expect(decision.mutations.badge == nil)
        #expect(decision.mutations.communication != nil)
    }

    @Test(arguments: ["like", "repost", "follow", "reply", "mention", "quote", "starterpack-joined", "Chat-Message", ""])
    func otherReasonsAddOneToTheBadge(reason: String) throws {
        let decision = policy.decide(for: try payload(#"{"aps":{"alert":"x"},"reason":"\#(reason)"}"#), preferences: ["playSoundChat": true])
        #expect(!decision.matchedRule)
        #expect(decision.reason == reason)
        #expect(decision.mutations == NotificationMutations(badge: .increment(by: 1)))
    }

    @Test func missingReasonAddsToTheBadgeAndSaysWhy() throws {
        let decision = policy.decide(for: try payload(#"{"aps":{"alert":"x"}}"#), preferences: [:])
        #expect(decision.mutations == NotificationMutations(badge: .increment(by: 1)))
        #expect(decision.issues == [PayloadIssue(path: "reason", problem: .missing)])
        let wrongType = policy.decide(for: try payload(#"{"reason":["chat-message"]}"#), preferences: [:])
        #expect(wrongType.mutations == NotificationMutations(badge: .increment(by: 1)))
        #expect(wrongType.issues.first?.path == "reason")
    }

    @Test func hostileAvatarIsDroppedButTheMessageStaysACommunication() throws {
        for hostile in ["http://cdn.bsky.app/img/avatar/plain/x", "https://127.0.0.1/img/avatar/x", "javascript:alert(1)"] {
            let text = #"{"reason":"chat-message","senderDisplayName":"Alice","convoId":"c1","senderAvatarUrl":"\#(hostile)"}"#
            let decision = policy.decide(for: try payload(text), preferences: ["playSoundChat": true])
            let communication = try #require(decision.mutations.communication)
            #expect(communication.avatarURL == nil)
            #expect(decision.mutations.sound == .named("dm.aiff"))
            #expect(decision.issues.map(\.path) == ["senderAvatarUrl"])
        }
    }

    @Test func chatWithoutSenderOrConversationIsNotACommunication() throws {
        let noSender = policy.decide(for: try payload(#"{"reason":"chat-message","convoId":"c1"}"#), preferences: ["playSoundChat": true])
        #expect(noSender.mutations.communication == nil)
        #expect(noSender.mutations.sound == .named("dm.aiff"))
        #expect(noSender.issues == [PayloadIssue(path: "senderDisplayName", problem: .missing)])
        let badTypes = policy.decide(for: try payload(#"{"reason":"chat-message","senderDisplayName":1,"convoId":""}"#), preferences: [:])
        #expect(badTypes.mutations.communication == nil)
        #expect(Set(badTypes.issues.map(\.path)) == ["senderDisplayName", "convoId"])
    }

    @Test func avatarIsOptional() throws {
        let decision = policy.decide(for: try payload(#"{"reason":"chat-message","senderDisplayName":"A","convoId":"c"}"#), preferences: [:])
        #expect(decision.mutations.communication == CommunicationNotification(senderName: "A", conversationIdentifier: "c"))
        #expect(decision.issues.isEmpty)
    }
}

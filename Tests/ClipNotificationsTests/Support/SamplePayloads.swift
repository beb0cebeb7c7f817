import Foundation

/// Payloads shaped like the ones Bluesky's push service sends.
enum SamplePayloads {
    static let chatMessage = """
    {"aps":{"alert":{"title":"Alice","body":"see you at 5?"},"sound":"default","mutable-content":1,"thread-id":"chat"},
     "reason":"chat-message","senderDisplayName":"Alice","convoId":"3kconvo","recipientDid":"did:plc:recipient",
     "senderAvatarUrl":"https://cdn.bsky.app/img/avatar/plain/did:plc:alice/bafkreiabc@jpeg"}
    """

    static let chatReaction = """
    {"aps":{"alert":"Alice reacted ❤️ to your message","mutable-content":1},
     "reason":"chat-reaction","senderDisplayName":"Alice","convoId":"3kconvo",
     "senderAvatarUrl":"https://cdn.bsky.app/img/avatar/plain/did:plc:alice/bafkreiabc@jpeg"}
    """

    static let like = """
    {"aps":{"alert":{"title":"Bob liked your post","body":"hello world"},"badge":3,"mutable-content":1,
     "target-content-id":"at://did:plc:me/app.bsky.feed.post/3k"},"reason":"like","uri":"at://did:plc:bob/app.bsky.feed.like/3l",
     "recipientDid":"did:plc:me"}
    """

    static let criticalSound = """
    {"aps":{"alert":{"title":"t","title-loc-key":"TITLE","title-loc-args":["a","b"],"loc-key":"BODY","loc-args":["x"]},
     "sound":{"critical":1,"name":"alarm.caf","volume":0.5},"interruption-level":"time-sensitive","relevance-score":0.75,
     "category":"MESSAGE","content-available":1},"reason":"mention"}
    """

    static let all = [chatMessage, chatReaction, like, criticalSound]

    static func data(_ text: String) -> Data { Data(text.utf8) }
}

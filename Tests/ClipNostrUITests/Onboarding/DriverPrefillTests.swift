import ClipNostrUI
import Testing

@Suite struct DriverPrefillTests {
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"

    @Test func aPrefillReadsAsASentence() {
        #expect(DriverPrefill(npub: Self.npub, displayName: "Alice", origin: .clipHandoff).description
            == "add-driver screen pre-filled with Alice (\(Self.npub)), from the clip's handoff")
        #expect(DriverPrefill(npub: Self.npub, origin: .invocationURL).description
            == "add-driver screen pre-filled with \(Self.npub), from the link that opened the app")
    }
}

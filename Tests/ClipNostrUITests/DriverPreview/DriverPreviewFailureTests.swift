import ClipNostrUI
import Testing

@Suite struct DriverPreviewFailureTests {
    @Test(arguments: [
        (DriverPreviewFailure.invalidDriverLink("bad checksum"), false, "Ask the driver to share their link again."),
        (.noRelayAnswered(relays: 2, waitedSeconds: 5), true, "Couldn't reach any of the 2 relays within 5 seconds."),
        (.noRelayAnswered(relays: 1, waitedSeconds: 8), true, "Couldn't reach the relay within 8 seconds."),
        (.noRelayAnswered(relays: 0, waitedSeconds: 8), true, "No relays are set up"),
        (.profileNotFound(relaysAnswered: 3), true, "None of the 3 relays that answered has a profile"),
        (.profileNotFound(relaysAnswered: 1), true, "The relay that answered has a profile"),
        (.stopped, true, "Loading the driver was stopped."),
    ])
    func failuresSayWhatHappenedAndWhatToDo(failure: DriverPreviewFailure, offerable: Bool, phrase: String) {
        #expect(failure.allowsHandoff == offerable)
        #expect(failure.allowsRetry == offerable)
        #expect(failure.description.contains(phrase))
        #expect(failure.description.hasSuffix("."))
        if offerable { #expect(failure.description.contains("get the app")) }
    }
}

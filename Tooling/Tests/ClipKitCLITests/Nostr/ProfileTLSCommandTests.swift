import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit profile` against a relay behind real TLS (nginx, a CA made by the test): trusted
/// through `SSL_CERT_FILE`, untrusted without it, and a bad `SSL_CERT_FILE`.
@Suite("clipkit profile over TLS", .serialized)
struct ProfileTLSCommandTests {
    /// The environment with neither variable set, so the machine's own settings do not leak in.
    static let noPrivateCA = ["SSL_CERT_FILE": "", "SSL_CERT_DIR": ""]

    @Test("trusted through SSL_CERT_FILE it finds the profile; untrusted, it says no relay could be asked")
    func trustedAndUntrusted() async throws {
        let front = try await TLSRelayFront.start()
        defer { front.stop() }
        let author = try await ProfileCommandTests().publishProfile(#"{"name":"tls driver"}"#, to: front.relay)
        let url = front.url(host: "localhost", port: front.trustedPort)

        let trusted = try await ChildProcess.clipkit(
            ["profile", author.npub, "--relay", url, "--timeout", "15", "--json"],
            environment: ["SSL_CERT_FILE": front.authority.certificateFile.path, "SSL_CERT_DIR": ""]
        )
        #expect(trusted.status == 0, "\(trusted.standardError)")
        #expect(try trusted.json()["name"] as? String == "tls driver")

        let untrusted = try await ChildProcess.clipkit(
            ["profile", author.npub, "--relay", url, "--timeout", "15", "--json"], environment: Self.noPrivateCA
        )
        #expect(untrusted.status == 1)
        let json = try untrusted.json()
        #expect(json["found"] as? Bool == false)
        #expect(json["reasonCode"] as? String == "no-relay-answered")
        let relay = try #require((json["relays"] as? [[String: Any]])?.first)
        #expect(relay["url"] as? String == url)
        #expect(relay["outcome"] as? String == "failed")
        #expect(relay["reasonCode"] as? String == "tls-untrusted-certificate")
        let reason = try #require(relay["reason"] as? String)
        #expect(!reason.contains("/") && !reason.contains("BoringSSL"), "\(reason)")
        #expect(untrusted.standardError.split(separator: "\n").count == 1)
        #expect(untrusted.standardError.contains("could not ask any relay"), "\(untrusted.standardError)")

        let text = try await ChildProcess.clipkit(["profile", author.npub, "--relay", url, "--timeout", "15"], environment: Self.noPrivateCA)
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("could not ask any relay"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("certificate is not trusted"), "\(text.standardOutput)")
    }

    @Test("an SSL_CERT_FILE that does not exist is bad input: exit 2, one line naming it")
    func missingCertFile() async throws {
        let result = try await ChildProcess.clipkit(
            ["profile", "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6", "--relay", "wss://127.0.0.1:1", "--json"],
            environment: ["SSL_CERT_FILE": "/nonexistent/clipkit-ca.pem"]
        )
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("SSL_CERT_FILE=/nonexistent/clipkit-ca.pem"), "\(result.standardError)")
    }
}

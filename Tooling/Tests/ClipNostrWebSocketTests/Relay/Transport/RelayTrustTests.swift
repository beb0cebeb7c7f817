@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `SSL_CERT_FILE` and `SSL_CERT_DIR`: what they add, and how a bad value is reported.
@Suite("Relay trust")
struct RelayTrustTests {
    @Test("no variables: the system's store alone")
    func systemOnly() throws {
        let trust = try RelayTrust.fromEnvironment([:])
        #expect(trust.addedCertificateCount == 0)
        #expect(trust.sources.isEmpty)
        #expect(try RelayTrust.fromEnvironment(["SSL_CERT_FILE": "", "SSL_CERT_DIR": ""]).addedCertificateCount == 0)
    }

    @Test("a PEM bundle adds every certificate in it; text around them is allowed")
    func bundle() throws {
        let first = try TestCertificateAuthority(name: "First")
        let second = try TestCertificateAuthority(name: "Second")
        let folder = try TemporaryDirectory()
        let bundle = "# two CAs\n" + (try String(contentsOf: first.certificateFile, encoding: .utf8))
            + "comment\n" + (try String(contentsOf: second.certificateFile, encoding: .utf8))
        try Data(bundle.utf8).write(to: folder.file("bundle.pem"))
        let trust = try RelayTrust.fromEnvironment(["SSL_CERT_FILE": folder.file("bundle.pem").path])
        #expect(trust.addedCertificateCount == 2)
        #expect(trust.sources == ["SSL_CERT_FILE=\(folder.file("bundle.pem").path) (2 certificates)"])
    }

    @Test("SSL_CERT_DIR takes several folders separated by colons, and reads a linked file once")
    func folders() throws {
        let first = try TestCertificateAuthority(name: "First")
        let second = try TestCertificateAuthority(name: "Second")
        let one = try TemporaryDirectory()
        let two = try TemporaryDirectory()
        try FileManager.default.copyItem(at: first.certificateFile, to: one.file("first.pem"))
        try FileManager.default.createSymbolicLink(at: one.file("0a1b2c3d.0"), withDestinationURL: one.file("first.pem"))
        try FileManager.default.copyItem(at: second.certificateFile, to: two.file("second.crt"))
        let trust = try RelayTrust.fromEnvironment(["SSL_CERT_DIR": "\(one.url.path):\(two.url.path)"])
        #expect(trust.addedCertificateCount == 2)
    }

    @Test("a variable that names nothing usable is an error that names it", arguments: [
        ("SSL_CERT_FILE", "missing", "no such file"),
        ("SSL_CERT_FILE", "empty", "no PEM certificate"),
        ("SSL_CERT_FILE", "folder", "a folder"),
        ("SSL_CERT_DIR", "missing", "no such folder"),
        ("SSL_CERT_DIR", "folder", "no PEM certificate"),
        ("SSL_CERT_DIR", "empty", "a file, not a folder"),
    ])
    func unusable(variable: String, what: String, fragment: String) throws {
        let folder = try TemporaryDirectory()
        try Data("no certificate here\n".utf8).write(to: folder.file("empty"))
        try FileManager.default.createDirectory(at: folder.file("folder"), withIntermediateDirectories: true)
        let path = folder.file(what).path
        #expect {
            _ = try RelayTrust.fromEnvironment([variable: path])
        } throws: { error in
            guard case .trustStoreUnreadable(let named, let reported, let reason) = error as? RelayTLSError else { return false }
            return named == variable && reported == path && reason.contains(fragment)
                && (error as? RelayTLSError)?.code == .tlsTrustStoreUnreadable
        }
    }
}

import ClipTestSupport
import Foundation

/// A throwaway certificate authority made with the `openssl` command, and the server certificates
/// it issues, in a temporary folder that goes away with the value.
package final class TestCertificateAuthority: @unchecked Sendable {
    /// The CA's certificate, PEM: what a client is told to trust.
    package let certificateFile: URL
    /// The folder the CA works in.
    package let folder: TemporaryDirectory
    private let keyFile: URL
    private let openssl: URL
    private var serial = 1

    /// A server certificate and its private key, PEM.
    package struct Issued: Sendable {
        /// The certificate.
        package let certificateFile: URL
        /// The private key.
        package let keyFile: URL
    }

    /// Makes a new CA (an EC P-256 key and a self-signed certificate valid for two days).
    package init(name: String = "ClipKit Test CA") throws {
        openssl = try TestEnvironment.systemTool("openssl")
        folder = try TemporaryDirectory(prefix: "clipkit-ca")
        certificateFile = folder.file("ca.pem")
        keyFile = folder.file("ca.key")
        try run([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", keyFile.path, "-out", certificateFile.path, "-days", "2", "-subj", "/CN=\(name)",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
    }

    /// Issues a server certificate for `dnsNames` and `ipAddresses` (subject alternative names).
    package func issue(dnsNames: [String], ipAddresses: [String] = []) throws -> Issued {
        serial += 1
        let base = "server-\(serial)"
        let key = folder.file("\(base).key")
        let request = folder.file("\(base).csr")
        let certificate = folder.file("\(base).pem")
        let extensions = folder.file("\(base).ext")
        let names = dnsNames.map { "DNS:\($0)" } + ipAddresses.map { "IP:\($0)" }
        try Data("""
            subjectAltName=\(names.joined(separator: ","))
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature
            extendedKeyUsage=serverAuth

            """.utf8).write(to: extensions)
        try run([
            "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key.path, "-out", request.path, "-subj", "/CN=\(dnsNames.first ?? ipAddresses.first ?? "server")",
        ])
        try run([
            "x509", "-req", "-in", request.path, "-CA", certificateFile.path, "-CAkey", keyFile.path,
            "-set_serial", String(serial), "-days", "2", "-sha256", "-extfile", extensions.path, "-out", certificate.path,
        ])
        return Issued(certificateFile: certificate, keyFile: key)
    }

    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = openssl
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CertificateAuthorityFailure(
                description: "openssl \(arguments.first ?? "") exited \(process.terminationStatus): \(String(decoding: output, as: UTF8.self).suffix(600))"
            )
        }
    }

    /// An `openssl` command failed.
    package struct CertificateAuthorityFailure: Error, CustomStringConvertible {
        /// What failed, with openssl's own words.
        package let description: String
    }
}

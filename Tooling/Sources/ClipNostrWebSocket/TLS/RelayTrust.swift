#if canImport(NIOPosix)
@_spi(ClipKitTooling) import ClipNostr
import Foundation
import NIOSSL

/// The certificate authorities that a `wss://` relay's certificate is checked against: the
/// system's trust store, plus private authorities named the way curl and OpenSSL name them.
///
/// - `SSL_CERT_FILE`: a PEM file with one or more CA certificates.
/// - `SSL_CERT_DIR`: a folder (or several, separated by `:`) whose PEM files hold CA certificates;
///   files that hold no certificate are passed over.
///
/// Both add to the system's store; neither replaces it. A variable that names something missing,
/// unreadable or without a single certificate is an error, so a typo is never silently ignored.
///
/// ```swift
/// let trust = try RelayTrust.fromEnvironment()   // throws RelayTLSError.trustStoreUnreadable
/// let factory = WebSocketClientTransportFactory(trust: trust)
/// ```
public struct RelayTrust: Sendable {
    /// The system's trust store alone.
    public static let system = RelayTrust(certificates: [], sources: [])

    /// The added certificates, in the order they were read.
    let certificates: [NIOSSLCertificate]
    /// Where the added certificates came from, for a person: `SSL_CERT_FILE=/path (2 certificates)`.
    public let sources: [String]

    private init(certificates: [NIOSSLCertificate], sources: [String]) {
        self.certificates = certificates
        self.sources = sources
    }

    /// The number of CA certificates added to the system's store.
    public var addedCertificateCount: Int { certificates.count }

    /// The system's store plus the CA certificates that `SSL_CERT_FILE` and `SSL_CERT_DIR` name in
    /// `environment` (the process's environment by default). Empty variables are ignored.
    ///
    /// - Throws: ``/ClipNostr/RelayTLSError/trustStoreUnreadable(variable:path:reason:)`` when a variable names
    ///   a file or folder that is missing, unreadable or holds no PEM certificate.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(RelayTLSError) -> RelayTrust {
        var certificates: [NIOSSLCertificate] = []
        var sources: [String] = []
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty {
            let loaded = try loadFile(file, variable: "SSL_CERT_FILE")
            certificates += loaded
            sources.append("SSL_CERT_FILE=\(file) (\(loaded.count) certificate\(loaded.count == 1 ? "" : "s"))")
        }
        if let folders = environment["SSL_CERT_DIR"], !folders.isEmpty {
            for folder in folders.split(separator: ":").map(String.init) where !folder.isEmpty {
                let loaded = try loadFolder(folder)
                certificates += loaded
                sources.append("SSL_CERT_DIR=\(folder) (\(loaded.count) certificate\(loaded.count == 1 ? "" : "s"))")
            }
        }
        return RelayTrust(certificates: certificates, sources: sources)
    }

    /// The TLS settings for a relay connection: full verification (chain and name) against the
    /// system's store and the added certificates.
    var configuration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .fullVerification
        configuration.minimumTLSVersion = .tlsv12
        if !certificates.isEmpty { configuration.additionalTrustRoots = [.certificates(certificates)] }
        return configuration
    }

    /// The certificates in one PEM file.
    private static func loadFile(_ path: String, variable: String) throws(RelayTLSError) -> [NIOSSLCertificate] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .trustStoreUnreadable(variable: variable, path: path, reason: "no such file")
        }
        guard !isFolder.boolValue else {
            throw .trustStoreUnreadable(variable: variable, path: path, reason: "a folder, not a PEM file (use SSL_CERT_DIR for folders)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .trustStoreUnreadable(variable: variable, path: path, reason: "the file cannot be read")
        }
        let certificates = pemCertificates(in: data)
        guard !certificates.isEmpty else {
            throw .trustStoreUnreadable(variable: variable, path: path, reason: "no PEM certificate (-----BEGIN CERTIFICATE-----) in the file")
        }
        return certificates
    }

    /// The certificates in the PEM files of one folder (not its subfolders), each file read once
    /// even when hash links (`openssl rehash`) point at it.
    private static func loadFolder(_ path: String) throws(RelayTLSError) -> [NIOSSLCertificate] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .trustStoreUnreadable(variable: "SSL_CERT_DIR", path: path, reason: "no such folder")
        }
        guard isFolder.boolValue else {
            throw .trustStoreUnreadable(variable: "SSL_CERT_DIR", path: path, reason: "a file, not a folder (use SSL_CERT_FILE for one file)")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw .trustStoreUnreadable(variable: "SSL_CERT_DIR", path: path, reason: "the folder cannot be read")
        }
        var seen: Set<String> = []
        var certificates: [NIOSSLCertificate] = []
        for name in names {
            let file = URL(fileURLWithPath: path).appendingPathComponent(name).resolvingSymlinksInPath().path
            var isSubfolder: ObjCBool = false
            guard seen.insert(file).inserted, FileManager.default.fileExists(atPath: file, isDirectory: &isSubfolder),
                  !isSubfolder.boolValue, let data = FileManager.default.contents(atPath: file)
            else { continue }
            certificates += pemCertificates(in: data)
        }
        guard !certificates.isEmpty else {
            throw .trustStoreUnreadable(variable: "SSL_CERT_DIR", path: path, reason: "no PEM certificate in the folder's files")
        }
        return certificates
    }

    /// Every `CERTIFICATE` block in `data` that parses; text around the blocks is allowed, as in a
    /// CA bundle.
    private static func pemCertificates(in data: Data) -> [NIOSSLCertificate] {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        let text = String(decoding: data, as: UTF8.self)
        var certificates: [NIOSSLCertificate] = []
        var rest = text[...]
        while let start = rest.range(of: begin), let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) {
            let block = String(rest[start.lowerBound..<stop.upperBound])
            if let certificate = try? NIOSSLCertificate(bytes: Array(block.utf8), format: .pem) {
                certificates.append(certificate)
            }
            rest = rest[stop.upperBound...]
        }
        return certificates
    }
}
#endif

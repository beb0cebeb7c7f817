import Crypto
import Foundation

/// Signs the JSON Web Tokens the App Store Connect API takes: ES256 with a team key (`.p8`).
///
/// The header names the key (`kid`); the claims are the issuer ID (`iss`), the issue time
/// (`iat`), an expiry 20 minutes later (`exp`, the longest Apple accepts) and the audience
/// `appstoreconnect-v1`.
package struct AppStoreConnectToken: Sendable {
    /// The token's lifetime, in seconds: 20 minutes.
    package static let lifetime: TimeInterval = 20 * 60
    /// The audience Apple expects.
    package static let audience = "appstoreconnect-v1"
    /// The largest key file read, in bytes.
    package static let maximumKeyBytes = 16 * 1024

    /// The key's identifier, from App Store Connect.
    package let keyID: String
    /// The issuer ID, from App Store Connect.
    package let issuerID: String
    /// The private key's raw scalar (the key type itself is not `Sendable`).
    let keyBytes: Data

    /// Creates a signer from the text of a `.p8` file (PEM, PKCS #8, P-256).
    ///
    /// - Throws: ``AppStoreConnectError/badKey(_:)`` when the text is not such a key.
    package init(p8 text: String, keyID: String, issuerID: String) throws(AppStoreConnectError) {
        try self.init(key: Self.privateKey(text, label: nil), keyID: keyID, issuerID: issuerID)
    }

    static func privateKey(_ text: String, label: String?) throws(AppStoreConnectError) -> P256.Signing.PrivateKey {
        let prefix = label.map { "\($0): " } ?? ""
        guard text.utf8.count <= AppStoreConnectToken.maximumKeyBytes else {
            throw .badKey("\(prefix)the key file is larger than \(AppStoreConnectToken.maximumKeyBytes) bytes; a .p8 key is about 250")
        }
        do {
            return try P256.Signing.PrivateKey(pemRepresentation: text)
        } catch {
            throw .badKey("\(prefix)it is not a P-256 private key in PEM (PKCS #8) form, as the .p8 file App Store Connect lets you download once")
        }
    }

    /// Reads the key from a `.p8` file.
    package init(p8File path: String, keyID: String, issuerID: String) throws(AppStoreConnectError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .badKey("\(path): cannot read the key file (it does not exist or is not readable)")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: AppStoreConnectToken.maximumKeyBytes + 1)) ?? nil
        let key = try Self.privateKey(String(decoding: data ?? Data(), as: UTF8.self), label: path)
        try self.init(key: key, keyID: keyID, issuerID: issuerID)
    }

    /// Creates a signer from a key.
    package init(key: P256.Signing.PrivateKey, keyID: String, issuerID: String) throws(AppStoreConnectError) {
        guard !keyID.isEmpty, keyID.utf8.count <= 64, keyID.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw .badKey("the key ID '\(keyID.prefix(64))' is not the 10-character ID App Store Connect shows beside the key")
        }
        guard !issuerID.isEmpty, issuerID.utf8.count <= 64 else {
            throw .badKey("the issuer ID is empty or too long; copy it from App Store Connect > Users and Access > Integrations")
        }
        self.keyBytes = key.rawRepresentation
        self.keyID = keyID
        self.issuerID = issuerID
    }

    /// A token issued at `now`.
    package func token(now: Date = Date()) throws(AppStoreConnectError) -> String {
        struct Header: Encodable { let alg = "ES256"; let kid: String; let typ = "JWT" }
        struct Claims: Encodable { let iss: String; let iat: Int; let exp: Int; let aud: String }
        let issued = Int(now.timeIntervalSince1970)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let header = try encoder.encode(Header(kid: keyID))
            let claims = try encoder.encode(Claims(iss: issuerID, iat: issued, exp: issued + Int(AppStoreConnectToken.lifetime), aud: AppStoreConnectToken.audience))
            let input = Base64URL.encode(header) + "." + Base64URL.encode(claims)
            let key = try P256.Signing.PrivateKey(rawRepresentation: keyBytes)
            let signature = try key.signature(for: Data(input.utf8))
            return input + "." + Base64URL.encode(signature.rawRepresentation)
        } catch {
            throw .badKey("the token could not be signed: \(error)")
        }
    }
}

/// Base64 with the URL alphabet and no padding, as JSON Web Tokens use it.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

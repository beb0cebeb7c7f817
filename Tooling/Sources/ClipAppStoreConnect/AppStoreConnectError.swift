/// Why a call to the App Store Connect API failed.
package enum AppStoreConnectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `.p8` key, key ID or issuer ID cannot be used; the text says why.
    case badKey(String)
    /// The API base URL is not `https` (plain `http` is accepted for loopback only).
    case badBaseURL(String)
    /// The server answered with an error status after every retry.
    case status(Int, method: String, path: String, detail: String)
    /// No HTTP response arrived after every retry.
    case transport(method: String, path: String, reason: String)
    /// The response was not the JSON the API documents.
    case unexpectedResponse(path: String, reason: String)
    /// A header image could not be uploaded: its file cannot be read or changed after it was
    /// checked, or App Store Connect could not process it.
    case headerImage(file: String, reason: String)

    /// Why, without the advice.
    package var reason: String {
        switch self {
        case .badKey(let text): return text
        case .badBaseURL(let text): return text
        case .status(let code, let method, let path, let detail): return "\(method) \(path) answered \(code)\(detail.isEmpty ? "" : ": \(detail)")"
        case .transport(let method, let path, let reason): return "\(method) \(path): \(reason)"
        case .unexpectedResponse(let path, let reason): return "\(path): \(reason)"
        case .headerImage(let file, let reason): return "header image \(file): \(reason)"
        }
    }

    /// What went wrong and what to do.
    package var description: String {
        switch self {
        case .badKey(let text):
            return "the App Store Connect key cannot be used: \(text); pass the .p8 file with --key, its ID with --key-id and the issuer ID with --issuer"
        case .badBaseURL(let text):
            return "\(text): the API base must be https (plain http only for 127.0.0.1, localhost or [::1])"
        case .status(401, _, _, _), .status(403, _, _, _):
            return "\(reason); check the key ID, the issuer ID and that the key has the App Manager role"
        case .status(404, _, _, _):
            return "\(reason); check --app-clip-id (the App Clip's ID in App Store Connect)"
        case .status:
            return "\(reason); try again later"
        case .transport:
            return "\(reason); check the network and try again"
        case .unexpectedResponse:
            return "\(reason); the API answered with something other than what it documents"
        case .headerImage:
            return reason
        }
    }
}

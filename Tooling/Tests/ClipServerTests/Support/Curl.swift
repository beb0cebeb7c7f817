import ClipTestSupport
import Foundation

/// A response as curl received it.
struct CurlResponse: Sendable {
    let status: Int
    /// Header fields, names lower-cased.
    let headers: [String: String]
    let body: String
}

/// Normal requests through a real HTTP client, curl.
enum Curl {
    /// Requests `url` with curl (no redirects followed, so a redirect shows as 3xx).
    ///
    /// - Parameter sourceAddress: The loopback address to connect from, such as `127.0.0.2`, to
    ///   pose as another client.
    static func request(_ url: String, method: String = "GET", headers: [String] = [], sourceAddress: String? = nil) async throws -> CurlResponse {
        let curl = try TestEnvironment.systemTool("curl")
        var arguments = ["--silent", "--show-error", "--include", "--max-time", "10"]
        if let sourceAddress { arguments += ["--interface", sourceAddress] }
        if method == "HEAD" { arguments.append("--head") } else { arguments += ["--request", method] }
        for header in headers { arguments += ["--header", header] }
        arguments.append(url)
        let started = Date()
        let result = try await ChildProcess.run(curl, arguments: arguments, timeout: 20)
        guard result.status == 0 else {
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            throw CurlFailure(message: "\(method) \(url)\(sourceAddress.map { " from \($0)" } ?? "") after \(seconds) s: \(result.standardError)")
        }
        let text = result.standardOutput
        guard let split = text.range(of: "\r\n\r\n") else { throw CurlFailure(message: "no header end in: \(text.prefix(200))") }
        var lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return CurlResponse(status: statusLine.count >= 2 ? Int(statusLine[1]) ?? 0 : 0, headers: headers, body: String(text[split.upperBound...]))
    }

    struct CurlFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { "curl failed: \(message)" }
    }
}

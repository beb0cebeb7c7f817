// libFuzzer target: the request screening `clipkit serve` applies before answering (ClipServer's
// RequestScreen). One input is a method, a space, the request target, then header lines. An
// accepted request must be GET or HEAD with a path a link domain serves, checked here
// independently: starts with `/`, printable ASCII, no backslash, valid percent-encoding that
// decodes to no `/`, `\` or control character, and no `.` or `..` segment before or after decoding.
import ClipServer
import FuzzDriver
import FuzzSupport

let limits = RequestLimits(maximumTargetLength: 512, maximumHeaderBytes: 1024)

/// Percent-decodes `path`, or `nil` for bad percent-encoding.
func percentDecoded(_ path: Substring) -> [UInt8]? {
    var out: [UInt8] = []
    let bytes = Array(path.utf8)
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%") {
            guard index + 2 < bytes.count,
                  let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) else { return nil }
            out.append(value)
            index += 3
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return out
}

/// Whether a link domain may serve `path` (the oracle the screening is checked against).
func servable(_ path: Substring) -> Bool {
    guard path.utf8.first == UInt8(ascii: "/") else { return false }
    if path.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") }) { return false }
    guard let decoded = percentDecoded(path) else { return false }
    if decoded.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) { return false }
    let decodedSlashes = decoded.filter { $0 == UInt8(ascii: "/") }.count
    if decodedSlashes != path.utf8.filter({ $0 == UInt8(ascii: "/") }).count { return false }
    for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
        if segment == "." || segment == ".." { return false }
        if let plain = percentDecoded(segment), plain == Array(".".utf8) || plain == Array("..".utf8) { return false }
    }
    return true
}

runFuzzer { data, size in
    let text = FuzzInput(data, size).text
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let requestLine = lines.isEmpty ? "" : lines.removeFirst()
    let parts = requestLine.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    let method = String(parts.first ?? "")
    let target = parts.count > 1 ? String(parts[1]) : "/"
    let headers = lines.compactMap { line -> (name: String, value: String)? in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), String(line[line.index(after: colon)...]))
    }
    guard !method.isEmpty, !method.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) else { return 0 }
    let status = RequestScreen.refusalStatus(method: method, target: target, headers: headers, limits: limits)
    if let status {
        require([400, 405, 414, 431].contains(status), "refused with \(status)")
        return 0
    }
    require(method == "GET" || method == "HEAD", "accepted method \(method)")
    require(target.utf8.count <= limits.maximumTargetLength, "accepted a target of \(target.utf8.count) bytes")
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    require(servable(path), "accepted the path '\(path)'")
    return 0
}

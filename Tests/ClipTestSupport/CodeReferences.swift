@_spi(ClipKitTooling) import ClipKit
import Foundation

/// The real decoders and the reference encoder the code tests take their verdicts from: zbar
/// (Debian's `zbarimg`) reads QR codes from PNG files, ndeflib (PyPI) parses NDEF messages, segno
/// (PyPI) is the reference QR encoder — through `Tests/Fixtures/python/codes_reference.py`.
public enum CodeReferences {
    /// A reference tool failed or answered something unexpected.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public let description: String
    }

    /// What zbar read from each PNG file, by path: the texts of the QR codes it found (none when it
    /// found none). Many files go to one `zbarimg` run.
    public static func decodeQRCodes(in files: [URL], filesPerRun: Int = 250) async throws -> [String: [String]] {
        let zbar = try TestEnvironment.systemTool("zbarimg")
        var result: [String: [String]] = [:]
        var start = 0
        while start < files.count {
            let batch = Array(files[start..<min(files.count, start + filesPerRun)])
            start += batch.count
            let run = try await ChildProcess.run(zbar, arguments: ["--xml", "-q", "-Sdisable", "-Sqrcode.enable"] + batch.map(\.path), timeout: 300)
            // zbarimg exits 4 when some image held no symbol; the XML still lists every image.
            guard run.status == 0 || run.status == 4 else {
                throw Failure(description: "zbarimg exited \(run.status): \(run.standardError.suffix(600))")
            }
            for (path, texts) in try parseZBarXML(run.standardOutput) { result[path, default: []] += texts }
        }
        return result
    }

    /// The `<source href='…'>` elements of zbarimg's XML output and the symbols' data in each.
    static func parseZBarXML(_ xml: String) throws -> [(String, [String])] {
        var sources: [(String, [String])] = []
        for chunk in xml.components(separatedBy: "<source href='").dropFirst() {
            guard let end = chunk.range(of: "'>") else { throw Failure(description: "unexpected zbarimg XML: \(chunk.prefix(200))") }
            let path = unescapeXML(String(chunk[..<end.lowerBound]))
            var texts: [String] = []
            for symbol in chunk.components(separatedBy: "<data").dropFirst() {
                guard let open = symbol.range(of: "<![CDATA["), let close = symbol.range(of: "]]></data>") else {
                    throw Failure(description: "unexpected zbarimg symbol: \(symbol.prefix(200))")
                }
                var text = String(symbol[open.upperBound..<close.lowerBound])
                // zbar splits a "]]>" inside the data into two CDATA sections.
                text = text.replacingOccurrences(of: "]]]]><![CDATA[>", with: "]]>")
                if symbol[..<open.lowerBound].contains("format='base64'") {
                    guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) else {
                        throw Failure(description: "zbarimg's base64 data does not decode: \(text.prefix(100))")
                    }
                    text = String(decoding: data, as: UTF8.self)
                }
                texts.append(text)
            }
            sources.append((path, texts))
        }
        return sources
    }

    private static func unescapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Runs `codes_reference.py MODE` over `requests` (one JSON object each) in one Python process
    /// and returns its answers, in order.
    public static func reference(_ mode: String, _ requests: [[String: Any]], timeout: TimeInterval = 300) async throws -> [[String: Any]] {
        let script = TestEnvironment.file("Tests/Fixtures/python/codes_reference.py").path
        let lines = try requests.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let run = try await ChildProcess.run(try TestEnvironment.python(), arguments: [script, mode],
                                             standardInput: Data((lines.joined(separator: "\n") + "\n").utf8), timeout: timeout)
        guard run.status == 0 else {
            throw Failure(description: "codes_reference.py \(mode) exited \(run.status) (is segno and ndeflib in the virtual environment? run scripts/setup): \(run.standardError.suffix(800))")
        }
        let answers = try run.standardOutput.split(separator: "\n").map { line -> [String: Any] in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw Failure(description: "codes_reference.py printed \(line.prefix(200))")
            }
            return object
        }
        guard answers.count == requests.count else {
            throw Failure(description: "codes_reference.py \(mode) answered \(answers.count) of \(requests.count) requests")
        }
        return answers
    }

    /// segno's version for each (text, level letter), without raising the level, as `make_qr`
    /// picks it; for every `fullEvery`-th case segno also makes the symbol, and the two must agree.
    public static func segnoVersions(_ cases: [(text: String, level: String)], fullEvery: Int = 40) async throws -> [Int] {
        let requests: [[String: Any]] = cases.enumerated().map { index, item in
            ["text": item.text, "level": item.level, "full": index % fullEvery == 0]
        }
        return try await reference("versions", requests).map { answer in
            guard let version = answer["version"] as? Int else { throw Failure(description: "segno gave no version: \(answer)") }
            if let made = answer["made"] as? Int, made != version {
                throw Failure(description: "segno's make_qr made version \(made), its find_version said \(version)")
            }
            return version
        }
    }

    /// What ndeflib makes of each message: the URIs of its records, or its refusal.
    public static func parseNDEF(_ messages: [[UInt8]]) async throws -> [Result<[String], Failure>] {
        try await reference("ndef", messages.map { ["hex": Hex.encode($0)] }).map { answer in
            if let error = answer["error"] as? String { return .failure(Failure(description: error)) }
            guard let records = answer["records"] as? [[String: Any]] else { throw Failure(description: "ndeflib answered \(answer)") }
            return .success(records.map { ($0["uri"] as? String) ?? "<\($0["type"] ?? "?")>" })
        }
    }
}

@_spi(ClipKitTooling) import ClipKit
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation

/// Runs functions of the link-profile script in headless Chromium, on a page served over loopback
/// HTTP (a secure context, so Web Crypto is available), and hands back what they resolved to.
///
/// `function` is JavaScript text of a function `(input, api)` that may be `async`; `input` is the
/// JSON given, `api` the script's `clipkitLinkProfile`. Its result comes back as JSON, with
/// `BigInt` values as decimal text; a thrown error becomes `{"harnessError": …}`.
enum BrowserScriptHarness {
    static func run(_ function: String, input: JSONValue) async throws -> JSONValue {
        let folder = try TemporaryDirectory(prefix: "clipkit-browser-harness")
        let page = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>harness</title></head><body>
        <pre id="result"></pre>
        <script type="application/json" id="input">\(String(decoding: input.serialized(escaping: .scriptSafe), as: UTF8.self))</script>
        <script>\(LinkProfileScript.source)</script>
        <script>
        (async function () {
          var output;
          try {
            var input = JSON.parse(document.getElementById("input").textContent);
            output = await (\(function))(input, globalThis.clipkitLinkProfile);
          } catch (error) {
            output = { harnessError: String(error && error.stack || error) };
          }
          var text = JSON.stringify(output, function (key, value) { return typeof value === "bigint" ? value.toString() : value; });
          var bytes = new TextEncoder().encode(text);
          var binary = "";
          for (var index = 0; index < bytes.length; index++) binary += String.fromCharCode(bytes[index]);
          document.getElementById("result").textContent = btoa(binary);
        })();
        </script>
        </body></html>
        """
        let server = try LoopbackHTTPServer(routes: [
            "/harness.html": .init(headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(page.utf8)),
        ])
        defer { server.stop() }
        let chromium = try HeadlessChromium(profileFolder: folder.file("profile"))
        let dom = try await chromium.dumpDOM(of: server.baseURL + "/harness.html", virtualTimeBudget: 60_000, timeout: 240)
        guard let start = dom.range(of: #"<pre id="result">"#), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
              let bytes = Data(base64Encoded: String(dom[start.upperBound..<end.lowerBound])), !bytes.isEmpty
        else { throw Failure(description: "the harness left no result; the page ended as \(dom.prefix(1500))") }
        let result = try JSONValue(strictlyParsing: bytes)
        if let error = result["harnessError"]?.stringValue { throw Failure(description: "the harness threw: \(error)") }
        return result
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}

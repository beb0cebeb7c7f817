import ClipLoopback
import ClipTestSupport
import Foundation

/// A real HTTP server for NIP-05 on loopback: nginx serving `/.well-known/nostr.json` with one
/// answer per `?name=`, the cases a verifier meets in the wild.
///
/// - a listed name (each entry of ``names``, with its relays from ``relays``);
/// - `moved`: a `301` to another host; `gone`: a `404`;
/// - `big`: a document of ``bigDocumentBytes`` bytes (a static file, so nginx sends its length);
/// - `large`: a large domain's whole document, as a static file: ``largeDocumentNames`` names with
///   two relays each (over 64 KiB), a member nested five levels deep and a 70-digit number, which
///   lists `large` with ``largeDocumentKey``;
/// - `hung`: proxied to a loopback socket that accepts connections and never answers. No real
///   server here plays a peer that hangs on purpose, so this socket is the one stand-in: nginx
///   forwards the request, and the answer never comes (nginx's own read timeout is 60 s, far past
///   any verifier's);
/// - any other name: `{"names":{}}`, so it is not listed.
package final class NIP05TestServer: @unchecked Sendable {
    /// The size of the `big` document: 200 KiB, past the 64 KiB cap the tests set.
    package static let bigDocumentBytes = 200 * 1024
    /// How many names the `large` document lists besides `large`.
    package static let largeDocumentNames = 3000
    /// The key the `large` document lists for `large`.
    package static let largeDocumentKey = String(repeating: "c3", count: 32)

    /// The domain to put after the `@`: `127.0.0.1:<port>`.
    package var domain: String { "127.0.0.1:\(proxy.port)" }

    private let proxy: LoopbackReverseProxy
    private let folder: TemporaryDirectory
    private let hungSocket: Int32
    private let lock = NSLock()
    private var stopped = false

    /// Starts nginx answering `names` (name → hex key) with `relays` (hex key → relay URLs).
    package init(names: [String: String], relays: [String: [String]] = [:]) async throws {
        folder = try TemporaryDirectory(prefix: "clipkit-nip05")
        let padding = String(repeating: " ", count: Self.bigDocumentBytes - 14)
        try Data(("{\"names\":{}}" + padding + "\n ").utf8).write(to: folder.file("big.json"))
        try Data(Self.largeDocument().utf8).write(to: folder.file("large.json"))
        guard let hung = LoopbackSocket.bound(toPort: 0), listen(hung, 16) == 0, let hungPort = LoopbackSocket.localPort(of: hung) else {
            throw LoopbackReverseProxy.StartFailure(description: "could not open the silent upstream socket")
        }
        hungSocket = hung
        var answers = ""
        for name in names.keys.sorted() {
            let key = names[name] ?? ""
            let document = try Self.json(["names": [name: key], "relays": relays.filter { $0.key == key }])
            answers += "        if ($arg_name = \"\(name)\") { return 200 '\(document)'; }\n"
        }
        let location = """
                location = /.well-known/nostr.json {
                    default_type application/json;
            \(answers)
                    if ($arg_name = "moved") { return 301 https://elsewhere.example/.well-known/nostr.json; }
                    if ($arg_name = "gone") { return 404; }
                    if ($arg_name = "big") { rewrite ^ /big.json last; }
                    if ($arg_name = "large") { rewrite ^ /large.json last; }
                    if ($arg_name = "hung") { rewrite ^ /hung last; }
                    return 200 '{"names":{}}';
                }
                location = /big.json {
                    internal;
                    root \(folder.url.path);
                    default_type application/json;
                }
                location = /large.json {
                    internal;
                    root \(folder.url.path);
                    default_type application/json;
                }
                location = /hung {
                    internal;
                    proxy_pass http://127.0.0.1:\(hungPort);
                    proxy_read_timeout 60s;
                }
            """
        do {
            proxy = try await LoopbackReverseProxy.nginx(location: location)
        } catch {
            LoopbackSocket.closeDescriptor(hung)
            throw error
        }
    }

    /// Stops nginx and closes the silent socket.
    package func stop() {
        lock.lock()
        let first = !stopped
        stopped = true
        lock.unlock()
        guard first else { return }
        proxy.stop()
        LoopbackSocket.closeDescriptor(hungSocket)
    }

    deinit { stop() }

    /// The `large` document's text.
    private static func largeDocument() -> String {
        var names = [#""large":"\#(largeDocumentKey)""#]
        var relays: [String] = []
        for index in 0..<largeDocumentNames {
            let key = String(format: "%064x", index + 1)
            names.append(#""name\#(index)":"\#(key)""#)
            relays.append(#""\#(key)":["wss://relay\#(index % 7).example","wss://nos.lol"]"#)
        }
        let serial = String(repeating: "9", count: 70)
        return #"{"names":{\#(names.joined(separator: ","))},"relays":{\#(relays.joined(separator: ","))},"#
            + #""serial":\#(serial),"nip46":{"relays":[[{"url":["wss://bunker.example"]}]]}}"#
    }

    private static func json(_ object: Any) throws -> String {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
        precondition(!text.contains("'") && !text.contains("$"), "nginx's return text is single-quoted and expands $")
        return text
    }
}

import ClipKit
import ClipNostr
import ClipTestSupport
import Foundation

/// Seeded invocation URLs for a manifest's routes, in three families: valid links (every route's
/// patterns filled with values of their parameter kinds, with the variations a router must accept),
/// near misses (one thing wrong: the host, the scheme, a segment, a value) and hostile text (random
/// edits, overlong input, encodings and characters that trip URL parsers).
struct InvocationURLSampler {
    /// Which family a sample is from.
    enum Family: String, CaseIterable, Sendable {
        case valid, nearMiss, hostile
    }

    private var mutator: SeededMutator
    private let patterns: [(pattern: RoutePattern, kinds: [String: String])]

    /// A sampler for `manifest`'s routes whose choices are fixed by `seed`.
    init(manifest: ClipManifest, seed: UInt64) throws {
        mutator = SeededMutator(seed: seed)
        patterns = try manifest.routes.flatMap { route in
            try route.patterns.map { (try RoutePattern(parsing: $0), route.params) }
        }
    }

    /// The next sample of `family`.
    mutating func next(_ family: Family) -> String {
        switch family {
        case .valid: return validURL()
        case .nearMiss: return nearMiss(of: validURL())
        case .hostile: return hostile(from: validURL())
        }
    }

    // MARK: Valid links

    private mutating func validURL() -> String {
        let (pattern, kinds) = mutator.pick(patterns)
        var values: [String: String] = [:]
        for name in pattern.captureNames { values[name] = value(ofKind: kinds[name] ?? "string") }
        var url = pattern.url(filling: values) ?? "https://\(pattern.host)/"
        let host = "https://" + pattern.host
        if mutator.below(4) == 0 { url = "https://" + randomCase(pattern.host) + url.dropFirst(host.count) }
        if mutator.below(6) == 0 { url = url.replacingOccurrences(of: host, with: host + ":443") }
        if mutator.below(4) == 0 { url += "/" }
        if mutator.below(3) == 0 { url += "?" + query() }
        if mutator.below(4) == 0 { url += "#" + token(from: Self.unreserved, length: 1 + mutator.below(40)) }
        return url
    }

    /// A value its kind accepts.
    private mutating func value(ofKind kind: String) -> String {
        switch kind {
        case "npub":
            let npub = (try? NIP19.encodePublicKey(hexKey())) ?? ""
            return mutator.below(5) == 0 ? npub.uppercased() : npub
        case "nostrProfile":
            if mutator.below(2) == 0 { return (try? NIP19.encodePublicKey(hexKey())) ?? "" }
            return (try? NIP19.encodeProfile(publicKey: hexKey(), relays: ["wss://relay\(mutator.below(9)).example"])) ?? ""
        case "nostrPerson":
            switch mutator.below(4) {
            case 0: return (try? NIP19.encodePublicKey(hexKey())) ?? ""
            case 1: return (try? NIP19.encodeEvent(NIP19EventPointer(eventID: hexKey(), relays: ["wss://relay\(mutator.below(9)).example"], author: hexKey()))) ?? ""
            case 2: return (try? NIP19.encodeAddress(NIP19AddressPointer(identifier: "", author: hexKey(), kind: 0))) ?? ""
            default: return token(from: "abcdefghijklmnopqrstuvwxyz0123456789", length: 1 + mutator.below(12)) + "@roadflare.app"
            }
        case "integer":
            return mutator.below(5) == 0 ? "0" : String(1 + mutator.below(999_999_999)) + String(repeating: "7", count: mutator.below(9))
        case "slug":
            return token(from: Self.alphanumerics + "-_", length: 1 + mutator.below(24))
        case "uuid":
            let hex = (0..<32).map { _ in mutator.pick(Array("0123456789abcdefABCDEF")) }
            var text = ""
            for (index, character) in hex.enumerated() {
                if [8, 12, 16, 20].contains(index) { text += "-" }
                text.append(character)
            }
            return text
        case "atIdentifier":
            if mutator.below(3) == 0 { return "did:plc:" + token(from: "abcdefghijklmnopqrstuvwxyz234567", length: 24) }
            let labels = (0..<(1 + mutator.below(3))).map { _ in token(from: "abcdefghijklmnopqrstuvwxyz0123456789", length: 1 + mutator.below(12)) }
            return randomCase((labels + [mutator.pick(["bsky.social", "example.com", "xyz"])]).joined(separator: "."))
        case "recordKey":
            return "3" + token(from: Self.alphanumerics + ".-_:~", length: mutator.below(16))
        default:
            return token(from: Self.unreserved + "!$&'()*+,;=:@ é", length: 1 + mutator.below(30))
        }
    }

    private mutating func hexKey() -> String {
        (0..<32).map { _ in String(format: "%02x", mutator.below(256)) }.joined()
    }

    private mutating func query() -> String {
        (0..<(1 + mutator.below(3))).map { _ in
            token(from: Self.alphanumerics, length: 1 + mutator.below(8)) + "=" + token(from: Self.unreserved + "%20", length: mutator.below(12))
        }.joined(separator: "&")
    }

    // MARK: Near misses

    private mutating func nearMiss(of url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return url + "x" }
        switch mutator.below(14) {
        case 0: return url.replacingOccurrences(of: host, with: host + ".evil.com")
        case 1: return url.replacingOccurrences(of: host, with: "sub." + host)
        case 2: return url.replacingOccurrences(of: host, with: "evil-" + host)
        case 3: return url.replacingOccurrences(of: "https://", with: mutator.pick(["http://", "ftp://", "HTTPS://", "https:/", "//"]))
        case 4: return url.replacingOccurrences(of: "https://", with: "https://" + mutator.pick(["user@", "user:pass@", "evil.com@"]))
        case 5: return url.replacingOccurrences(of: host, with: host + mutator.pick([":8443", ":80", ":443", ":", ":0"]))
        case 6: return url.replacingOccurrences(of: host + "/", with: host + "//")
        case 7: return components.path.split(separator: "/").dropLast().reduce("https://" + host) { $0 + "/" + $1 }
        case 8: return "https://" + host + components.percentEncodedPath + "/extra"
        case 9: return "https://" + host + randomCase(components.percentEncodedPath)
        case 10: return "https://" + host + components.percentEncodedPath + mutator.pick(["%2F", "%20", "%", "%zz", "%00", "/..", "/."])
        case 11: return url.replacingOccurrences(of: host, with: host + ".")
        default:
            // One character of the path changed: a bad checksum, a character the kind refuses.
            var path = Array(components.percentEncodedPath)
            guard path.count > 1 else { return url + "x" }
            path[1 + mutator.below(path.count - 1)] = mutator.pick(Array("aZ09_-.~!%é:@q"))
            return "https://" + host + String(path)
        }
    }

    // MARK: Hostile text

    private mutating func hostile(from url: String) -> String {
        switch mutator.below(6) {
        case 0:
            return String(repeating: url, count: 2 + mutator.below(3)) + String(repeating: "a", count: 4096)
        case 1:
            return mutator.pick([
                "javascript:alert(1)", "https://[::1]/share/d/x", "https:///share/d/x", "https:roadflare.app/share",
                "https://roadflare.app\\share\\d", "https://xn--rdflare-9ya.app/share/d/x", "https://🚗.app/s/x",
                "https://%72oadflare.app/share/d/x", "https://bsky.app/start/%00/%00", "https://go.bsky.app/%C0%AF",
                " https://bsky.app/start/a.bsky.social/3k", "https://bsky.app/start/a.bsky.social/3k\n",
                "https://bsky.app/start/a.bsky.social/\u{202E}3k", "", "https://", "%", "https://brew.example/s/%2e%2e/t/1",
            ])
        default:
            let tokens = ["%", "/", "?", "#", "@", ":", "..", "%2F", "%00", "%25", "\u{0}", "\t", " ", "é", "\u{FEFF}", "[", "]", "\\"]
            let bytes = mutator.mutate(Array(url.utf8), tokens: tokens.map { Array($0.utf8) }, maximumEdits: 4)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    // MARK: Characters

    private static let alphanumerics = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    private static let unreserved = alphanumerics + "-._~"

    private mutating func token(from characters: String, length: Int) -> String {
        let fetcher = Array(characters)
        return String((0..<length).map { _ in mutator.pick(fetcher) })
    }

    private mutating func randomCase(_ text: String) -> String {
        String(text.map { mutator.below(2) == 0 ? Character($0.uppercased()) : $0 })
    }
}

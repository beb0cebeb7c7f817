// Makes a QR code for every URL of a file, over and over for a fixed time, and prints one JSON line
// of codes a second: symbols (mask chosen) with the level raised when it costs no size, as
// `QRCode(encoding:)` does by default; symbols at exactly the level asked for; and symbols with
// their PNG file's bytes. bench/qr-codes.sh runs it round by round beside segno and libqrencode on
// the same file.
//
//   qr-codes-bench URLS_FILE [SECONDS] [LEVEL] [symbols|symbols-exact-level|png ...]
import ClipCodes
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2, let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: qr-codes-bench URLS_FILE [SECONDS] [L|M|Q|H] [symbols|symbols-exact-level|png ...]\n".utf8))
    exit(2)
}
let urls = text.split(separator: "\n").map(String.init)
let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 5 : 5
let level = arguments.count > 3 ? QRErrorCorrection(letter: arguments[3]) ?? .medium : .medium
let measures = arguments.count > 4 ? Array(arguments[4...]) : ["symbols", "symbols-exact-level", "png"]

/// Codes a second over `seconds`, making each URL's code with `make`.
func rate(_ make: (String) throws -> Int) rethrows -> (perSecond: Double, checksum: Int) {
    var made = 0, checksum = 0
    let start = Date()
    repeat {
        for url in urls { checksum &+= try make(url); made += 1 }
    } while Date().timeIntervalSince(start) < seconds
    return (Double(made) / Date().timeIntervalSince(start), checksum)
}

do {
    var fields = ["\"urls\": \(urls.count)"]
    var checksum = 0
    for measure in measures {
        let result: (perSecond: Double, checksum: Int)
        switch measure {
        case "symbols": result = try rate { try QRCode(encoding: $0, errorCorrection: level).version }
        case "symbols-exact-level":
            result = try rate { try QRCode(encoding: $0, errorCorrection: level, boostsErrorCorrection: false).version }
        case "png": result = try rate { try QRCode(encoding: $0, errorCorrection: level).png(pixelsPerModule: 10).count }
        default:
            FileHandle.standardError.write(Data("qr-codes-bench: unknown measure \(measure): symbols, symbols-exact-level or png\n".utf8))
            exit(2)
        }
        fields.append("\"\(measure)\": \(result.perSecond)")
        checksum &+= result.checksum
    }
    fields.append("\"checksum\": \(checksum)")
    print("{" + fields.joined(separator: ", ") + "}")
} catch {
    FileHandle.standardError.write(Data("qr-codes-bench: \(error)\n".utf8))
    exit(1)
}

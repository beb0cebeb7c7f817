// Makes a QR code (the symbol, mask chosen, then a PNG file's bytes) for every URL of a file,
// over and over for a fixed time, and prints one JSON line: codes a second for symbols alone and
// for symbols with their PNG. bench/qr-codes.sh runs it beside segno on the same file.
//
//   qr-codes-bench URLS_FILE [SECONDS] [LEVEL]
import ClipCodes
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2, let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: qr-codes-bench URLS_FILE [SECONDS] [L|M|Q|H]\n".utf8))
    exit(2)
}
let urls = text.split(separator: "\n").map(String.init)
let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 5 : 5
let level = arguments.count > 3 ? QRErrorCorrection(letter: arguments[3]) ?? .medium : .medium

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
    let symbols = try rate { try QRCode(encoding: $0, errorCorrection: level).version }
    let withPNG = try rate { try QRCode(encoding: $0, errorCorrection: level).png(pixelsPerModule: 10).count }
    print("{\"symbolsPerSecond\": \(symbols.perSecond), \"pngPerSecond\": \(withPNG.perSecond), \"urls\": \(urls.count), \"checksum\": \(symbols.checksum &+ withPNG.checksum)}")
} catch {
    FileHandle.standardError.write(Data("qr-codes-bench: \(error)\n".utf8))
    exit(1)
}

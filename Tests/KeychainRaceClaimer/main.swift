// A claimer process for the cross-process keychain handoff test.
//
//   KeychainRaceClaimer --keychain DIR --stop-file FILE
//
// Prints "ready", then claims keychain handoffs of type "test.secretTicket" ({"round": N}) as fast
// as it can until FILE exists, and finally prints one "claimed N" line per claim it won and one
// "diagnostic CODE: MESSAGE" line per entry the store discarded. The keychain is the file-backed
// test double (Linux has no keychain), shared by the processes as the keychain is on a device.
import ClipKit
import ClipServices
import Foundation
import KeychainTestDouble

struct SecretTicket: Codable, Sendable {
    var round: Int
}

final class Diagnostics: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func record(_ diagnostic: HandoffDiagnostic) {
        lock.lock()
        lines.append("diagnostic \(diagnostic.code): \(diagnostic.description)")
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

func value(after flag: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

guard let folder = value(after: "--keychain"), let stopFile = value(after: "--stop-file") else {
    FileHandle.standardError.write(Data("usage: KeychainRaceClaimer --keychain DIR --stop-file FILE\n".utf8))
    exit(2)
}

let diagnostics = Diagnostics()
let store: KeychainHandoffStore
do {
    let keychain = try FileKeychainItems(directory: URL(fileURLWithPath: folder))
    store = try KeychainHandoffStore(keychain: keychain, lifetime: 3600, diagnostics: { diagnostics.record($0) })
} catch {
    FileHandle.standardError.write(Data("KeychainRaceClaimer: \(error)\n".utf8))
    exit(2)
}

FileHandle.standardOutput.write(Data("ready\n".utf8))
var won: [Int] = []
var misses = 0
let deadline = Date().addingTimeInterval(120)
while true {
    if let ticket = store.claim(SecretTicket.self, typeName: "test.secretTicket") {
        won.append(ticket.round)
        continue
    }
    misses += 1
    if misses % 32 == 0 {
        if FileManager.default.fileExists(atPath: stopFile) || Date() > deadline { break }
    }
    usleep(20)
}
// One last look, in case the final ticket arrived together with the stop file.
if let ticket = store.claim(SecretTicket.self, typeName: "test.secretTicket") { won.append(ticket.round) }

let report = won.map { "claimed \($0)" } + diagnostics.all
FileHandle.standardOutput.write(Data((report.joined(separator: "\n") + "\ndone\n").utf8))

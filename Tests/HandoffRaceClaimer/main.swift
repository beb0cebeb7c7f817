// A claimer process for the cross-process handoff tests, of the App Group store and of the keychain
// handoff.
//
//   HandoffRaceClaimer --container DIR --stop-file FILE   (App Group: type "test.raceTicket")
//   HandoffRaceClaimer --keychain DIR --stop-file FILE    (keychain: type "test.secretTicket")
//
// Prints "ready", then claims handoffs of that type ({"round": N}) as fast as it can until FILE
// exists, and finally prints one "claimed N" line per claim it won and one "diagnostic CODE:
// MESSAGE" line per entry the store discarded. Two of these run at once against the same store
// while the test offers one ticket at a time. The keychain is the file-backed stand-in (Linux has no
// keychain), shared by the processes as the keychain is on a device.
@_spi(ClipKitTooling) import ClipKit
import ClipServices
import Foundation
import KeychainTestDouble

struct Ticket: Codable, Sendable {
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

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("HandoffRaceClaimer: \(message)\n".utf8))
    exit(2)
}

guard let stopFile = value(after: "--stop-file") else {
    fail("usage: HandoffRaceClaimer (--container DIR | --keychain DIR) --stop-file FILE")
}
let diagnostics = Diagnostics()
let claim: () -> Ticket?
do {
    if let container = value(after: "--container") {
        let defaults = try DirectorySharedDefaults(
            directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: URL(fileURLWithPath: container))
        )
        let store = try HandoffStore(defaults: defaults, lifetime: 3600, diagnostics: { diagnostics.record($0) })
        claim = { store.claim(Ticket.self, typeName: "test.raceTicket") }
    } else if let folder = value(after: "--keychain") {
        let keychain = try FileKeychainItems(directory: URL(fileURLWithPath: folder))
        let store = try KeychainHandoffStore(keychain: keychain, lifetime: 3600, diagnostics: { diagnostics.record($0) })
        claim = { store.claim(Ticket.self, typeName: "test.secretTicket") }
    } else {
        fail("give --container DIR (the App Group store) or --keychain DIR (the keychain handoff)")
    }
} catch {
    fail("\(error)")
}

FileHandle.standardOutput.write(Data("ready\n".utf8))
var won: [Int] = []
var misses = 0
let deadline = Date().addingTimeInterval(120)
while true {
    if let ticket = claim() {
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
if let ticket = claim() { won.append(ticket.round) }

let report = won.map { "claimed \($0)" } + diagnostics.all
FileHandle.standardOutput.write(Data((report.joined(separator: "\n") + "\ndone\n").utf8))

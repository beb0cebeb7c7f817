// Verifications per second: ClipNostr's EventVerifier (shape checks, canonical serialization,
// SHA-256 id, BIP-340 signature) against raw libsecp256k1 (x-only key parse + schnorrsig_verify
// on pre-decoded bytes), in one process, interleaved round by round; then the pure-Swift
// verifier against raw libsecp256k1, and the Swift verifier's generator table per window.
//
//   nostr-verify-bench [EVENTS [ROUNDS]]          the timing table (defaults 2000 events, 7 rounds)
//   nostr-verify-bench --once PATH WORKLOAD N     run one path once over N events, for instruction
//                                              counting under valgrind (bench/nostr-verify.sh)
import ClipNostr
import Foundation

/// CPU seconds this thread has used. The machine is shared (other builds run beside the
/// benchmark), so rates are per CPU second of the measuring thread, not per wall-clock second.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `path` over every entry and returns verifications per CPU second; stops the program if
/// any verification fails, so a broken path can never look fast.
func rate(of path: VerificationPath, over entries: [SignedCorpus.Entry]) -> Double {
    let start = threadCPUSeconds()
    var failures = 0
    for entry in entries where !path.check(entry) { failures += 1 }
    let elapsed = threadCPUSeconds() - start
    guard failures == 0 else { fatalError("\(path.name): \(failures) verifications failed") }
    return Double(entries.count) / elapsed
}

struct Workload {
    let name: String
    let make: (Int) -> [SignedCorpus.Entry]
}

func profileContent(_ index: Int) -> String {
    #"{"name":"driver\#(index)","display_name":"Driver \#(index) 🚗","picture":"https://roadflare.app/avatars/\#(index).png","about":"Night shifts downtown.\nNo smoking.","nip05":"driver\#(index)@roadflare.app","lud16":"driver\#(index)@wallet.example","car_make":"Toyota","car_model":"Prius","car_color":"blue"}"#
}

let workloads = [
    Workload(name: "kind-0 profile (~330 B content)") { SignedCorpus.make(count: $0, kind: 0, content: profileContent) },
    Workload(name: "kind-1 note, 4 KiB content, 3 tags") { count in
        SignedCorpus.make(count: count, kind: 1, content: { String(repeating: "Fahrer \($0) 司机 / \"q\"\n", count: 160) },
                          tags: [["t", "roadflare"], ["p", String(repeating: "a", count: 64)], ["client", "clipkit"]])
    },
    Workload(name: "kind-1 note, 64 KiB content") { count in
        SignedCorpus.make(count: count, kind: 1, content: { String(repeating: "x\($0 % 10)", count: 32_768) })
    },
]

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func format(_ value: Double) -> String { String(format: "%.0f", value) }

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "--once" {
    guard let path = VerificationPath.all.first(where: { $0.name == arguments[2] }),
          let index = Int(arguments[3]), workloads.indices.contains(index), let count = Int(arguments[4]) else {
        FileHandle.standardError.write(Data("usage: nostr-verify-bench --once PATH WORKLOAD-INDEX COUNT\n".utf8))
        exit(2)
    }
    let entries = workloads[index].make(count)
    _ = rate(of: path, over: entries)
    print("\(path.name) verified \(entries.count) events of \(workloads[index].name)")
    exit(0)
}

let eventCount = arguments.count > 1 ? Int(arguments[1]) ?? 2_000 : 2_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7

print("ClipNostr event verification vs raw libsecp256k1 — \(eventCount) events per workload, \(rounds) interleaved rounds, median, per thread CPU second")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)")
print("")
print("| workload | raw libsecp256k1 verify/s | ClipNostr signature only/s | ClipNostr id + signature/s | ratio to raw | raw SHA-256 + verify/s | ratio to raw SHA-256 + verify | ClipNostr decode JSON + id + signature/s |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
let timed = [VerificationPath.raw, .signatureOnly, .full, .rawHashed, .decodeAndFull]
for workload in workloads {
    let entries = workload.make(eventCount)
    var rates = [String: [Double]]()
    for path in timed { _ = rate(of: path, over: entries) }  // warm-up: caches, page faults
    for _ in 0..<rounds {
        for path in timed { rates[path.name, default: []].append(rate(of: path, over: entries)) }
    }
    let raw = median(rates["raw"] ?? [])
    let full = median(rates["clipnostr"] ?? [])
    let hashed = median(rates["raw-hashed"] ?? [])
    let cells = [
        format(raw), format(median(rates["signature-only"] ?? [])), format(full),
        String(format: "%.3f×", full / raw), format(hashed), String(format: "%.3f×", full / hashed),
        format(median(rates["decode-clipnostr"] ?? [])),
    ]
    print("| \(workload.name) | " + cells.joined(separator: " | ") + " |")
}
print("")
print("raw: secp256k1_xonly_pubkey_parse + secp256k1_schnorrsig_verify on bytes decoded in advance (no hashing, no hex).")
print("signature only: EventVerifier.verifySignatureOnly — hex decoding and shape checks + the same libsecp256k1 calls, no id.")
print("id + signature: EventVerifier.verify — the above plus canonical serialization and SHA-256 of the id.")
print("raw SHA-256 + verify: swift-crypto SHA-256 of the id's input serialized in advance, then the raw calls — the floor for any verifier that checks ids.")
print("decode JSON: NostrEvent(jsonData:) from the event's JSON, then EventVerifier.verify.")

// MARK: The pure-Swift verifier

/// CPU seconds `body` takes on this thread.
func cpuSeconds(_ body: () -> Void) -> Double {
    let start = threadCPUSeconds()
    body()
    return threadCPUSeconds() - start
}

let tableBuild = cpuSeconds { _ = Secp256k1.GeneratorTable.shared }
let swiftEntries = workloads[0].make(eventCount)
let swiftPaths = [VerificationPath.raw, .swiftRaw, .full, .swiftFull]
var swiftRates = [String: [Double]]()
for path in swiftPaths { _ = rate(of: path, over: swiftEntries) }
for _ in 0..<rounds {
    for path in swiftPaths { swiftRates[path.name, default: []].append(rate(of: path, over: swiftEntries)) }
}
let rawRate = median(swiftRates["raw"] ?? [])
let swiftRate = median(swiftRates["swift-raw"] ?? [])
let fullRate = median(swiftRates["clipnostr"] ?? [])
let swiftFullRate = median(swiftRates["swift-clipnostr"] ?? [])
print("")
print("Pure-Swift BIP-340 verifier (SwiftSignatureVerifier, generator table window \(Secp256k1.GeneratorTable.defaultWindow)) vs raw libsecp256k1 — kind-0 events, same run, median of \(rounds) rounds, per thread CPU second:")
print("")
print("| raw libsecp256k1 verify/s | SwiftSignatureVerifier verify/s | Swift ÷ libsecp256k1 | EventVerifier id + signature, libsecp256k1 /s | EventVerifier id + signature, Swift /s | Swift ÷ libsecp256k1 |")
print("|---:|---:|---:|---:|---:|---:|")
print("| \(format(rawRate)) | \(format(swiftRate)) | \(String(format: "%.3f×", swiftRate / rawRate)) | \(format(fullRate)) | \(format(swiftFullRate)) | \(String(format: "%.3f×", swiftFullRate / fullRate)) |")
print("")
print("Generator table of the default window built once, on first use: \(String(format: "%.2f", tableBuild * 1000)) ms CPU.")

// The window of the generator table: one-time cost and memory against the rate of verification.
let windows = [6, 8, 10, 12, 14]
var tables: [Int: Secp256k1.GeneratorTable] = [:]
var buildTimes: [Int: [Double]] = [:]
for window in windows {
    for _ in 0..<3 { buildTimes[window, default: []].append(cpuSeconds { tables[window] = Secp256k1.GeneratorTable(window: window) }) }
}
func windowRate(_ table: Secp256k1.GeneratorTable) -> Double {
    let start = threadCPUSeconds()
    var failures = 0
    for entry in swiftEntries {
        let check = entry.signature.withUnsafeBytes { signature in
            entry.id.withUnsafeBytes { message in
                entry.publicKey.withUnsafeBytes { key in
                    Secp256k1.BIP340Verification.verify(signature: signature, message: message, publicKey: key, generatorTable: table)
                }
            }
        }
        if check != .valid { failures += 1 }
    }
    let elapsed = threadCPUSeconds() - start
    guard failures == 0 else { fatalError("window \(table.window): \(failures) verifications failed") }
    return Double(swiftEntries.count) / elapsed
}
var windowRates = [Int: [Double]]()
for _ in 0..<rounds {
    for window in windows { if let table = tables[window] { windowRates[window, default: []].append(windowRate(table)) } }
}
print("")
print("Generator table window (pure Swift): one-time build and memory against verification speed, median of \(rounds) rounds:")
print("")
print("| window | points | table size | build (ms CPU, median of 3) | verify/s | vs raw libsecp256k1 |")
print("|---:|---:|---:|---:|---:|---:|")
for window in windows {
    let points = 1 << (window - 2)
    let bytes = points * MemoryLayout<Secp256k1.AffinePoint>.stride
    let rate = median(windowRates[window] ?? [])
    print("| \(window) | \(points) | \(String(format: "%.1f KiB", Double(bytes) / 1024)) | \(String(format: "%.2f", median(buildTimes[window] ?? []) * 1000)) | \(format(rate)) | \(String(format: "%.3f×", rate / rawRate)) |")
}

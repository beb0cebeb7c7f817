// Reading speed of ClipDoctor's untrusted-input readers, beside Foundation's
// PropertyListSerialization (the reference a Swift tool would otherwise use) in the same run.
//
//   swift build --package-path Tooling -c release --product clipdoctor-bench && Tooling/.build/release/clipdoctor-bench
import ClipDoctor
import Foundation

let entitlements: PropertyListValue = .dictionary([
    "application-identifier": .string("6Y98438M9X.com.roadflare.RoadFlare.Clip"),
    "com.apple.developer.team-identifier": .string("6Y98438M9X"),
    "com.apple.developer.on-demand-install-capable": .boolean(true),
    "com.apple.developer.parent-application-identifiers": .array([.string("6Y98438M9X.com.roadflare.RoadFlare")]),
    "com.apple.developer.associated-domains": .array([.string("appclips:roadflare.app"), .string("appclips:www.roadflare.app")]),
    "com.apple.security.application-groups": .array([.string("group.com.roadflare.RoadFlare")]),
    "get-task-allow": .boolean(false),
])

func foundationObject(_ value: PropertyListValue) -> Any {
    switch value {
    case .string(let string): return string
    case .integer(let number): return NSNumber(value: number)
    case .real(let number): return NSNumber(value: number)
    case .boolean(let flag): return NSNumber(value: flag)
    case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
    case .data(let data): return data
    case .array(let elements): return elements.map(foundationObject)
    case .dictionary(let members): return members.mapValues(foundationObject)
    }
}

let xml = PropertyListWriter.xml(entitlements)
let binary = try PropertyListSerialization.data(fromPropertyList: foundationObject(entitlements), format: .binary, options: 0)

/// Runs `body` `count` times (after a warm-up) and returns operations per second, best of three.
func rate(_ count: Int, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<(count / 10) { try body() }
    var best = 0.0
    for _ in 0..<3 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { try body() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        best = max(best, Double(count) / seconds)
    }
    return best
}

let reader = PropertyListReader()
let rows: [(String, Double, Double)] = [
    ("XML entitlements (\(xml.count) B)",
     try rate(20_000) { _ = try reader.read(xml) },
     try rate(20_000) { _ = try PropertyListSerialization.propertyList(from: xml, format: nil) }),
    ("binary entitlements (\(binary.count) B)",
     try rate(20_000) { _ = try reader.read(binary) },
     try rate(20_000) { _ = try PropertyListSerialization.propertyList(from: binary, format: nil) }),
]

print("| input | ClipDoctor reads/s | Foundation reads/s | ratio |")
print("|---|---:|---:|---:|")
for (name, ours, foundation) in rows {
    print("| \(name) | \(Int(ours)) | \(Int(foundation)) | \(String(format: "%.2f", ours / foundation))× |")
}

// Mach-O: a signed universal executable of two 4 MB slices; only headers and the signature are read.
func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
func be32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
func thin(cpuType: UInt32, codeBytes: Int) -> [UInt8] {
    var entitlementsBlob = be32(0xfade_7171) + be32(UInt32(8 + xml.count)) + [UInt8](xml)
    while entitlementsBlob.count % 4 != 0 { entitlementsBlob.append(0) }
    let superBlob = be32(0xfade_0cc0) + be32(UInt32(20 + entitlementsBlob.count)) + be32(1) + be32(5) + be32(20) + entitlementsBlob
    let commands = le32(0x1d) + le32(16) + le32(UInt32(32 + 16 + codeBytes)) + le32(UInt32(superBlob.count))
    let header = le32(0xfeed_facf) + le32(cpuType) + le32(0) + le32(2) + le32(1) + le32(UInt32(commands.count)) + le32(0) + le32(0)
    return header + commands + [UInt8](repeating: 0x90, count: codeBytes) + superBlob
}
let arm = thin(cpuType: 0x0100_000c, codeBytes: 4_000_000)
let intel = thin(cpuType: 0x0100_0007, codeBytes: 4_000_000)
var fat = be32(0xcafe_babe) + be32(2)
let firstOffset = 16_384, secondOffset = (firstOffset + arm.count + 16_383) / 16_384 * 16_384
fat += be32(0x0100_000c) + be32(0) + be32(UInt32(firstOffset)) + be32(UInt32(arm.count)) + be32(14)
fat += be32(0x0100_0007) + be32(0) + be32(UInt32(secondOffset)) + be32(UInt32(intel.count)) + be32(14)
fat += [UInt8](repeating: 0, count: firstOffset - fat.count) + arm
fat += [UInt8](repeating: 0, count: secondOffset - fat.count) + intel
let executable = Data(fat)
let machORate = try rate(20_000) { _ = try MachOReader().slices(in: executable) }
print("")
print("| input | ClipDoctor reads/s |")
print("|---|---:|")
print("| entitlements from a \(executable.count / 1_000_000) MB universal executable | \(Int(machORate)) |")

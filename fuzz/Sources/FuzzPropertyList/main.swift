// libFuzzer target: ClipDoctor's property-list readers, XML and binary (bplist00), as found in
// Info.plists, .entitlements files and code signatures. What is read must write as XML that reads
// back, and writing that again must give the same XML (XML dates keep whole seconds only, so the
// first write may round a binary plist's date; nothing else may change).
import ClipDoctor
import FuzzDriver
import FuzzSupport
import Foundation

let reader = PropertyListReader(maximumBytes: 256 * 1024, maximumDepth: 32, maximumObjects: 20_000)

/// Whether the value holds a real or date that is NaN, which equality cannot compare.
func holdsNaN(_ value: PropertyListValue) -> Bool {
    switch value {
    case .real(let number), .date(let number): return number.isNaN
    case .array(let items): return items.contains(where: holdsNaN)
    case .dictionary(let members): return members.values.contains(where: holdsNaN)
    default: return false
    }
}

runFuzzer { data, size in
    let bytes = FuzzInput(data, size).data
    guard let (value, _) = try? reader.readWithFormat(bytes) else { return 0 }
    require(bytes.count <= reader.maximumBytes, "read \(bytes.count) bytes, over the cap")
    let xml = PropertyListWriter.xml(value)
    guard !holdsNaN(value) else { return 0 }
    let again: PropertyListValue
    do {
        again = try PropertyListReader(maximumBytes: 64 * 1024 * 1024, maximumDepth: 64, maximumObjects: 1_000_000).read(xml)
    } catch {
        require(false, "the XML written for a value read does not read back: \(error)")
        return 0
    }
    require(PropertyListWriter.xml(again) == xml, "xml(read(xml(value))) != xml(value)")
    return 0
}

// libFuzzer target: ClipDoctor's Mach-O reader (thin and fat binaries, load commands, the code
// signature's entitlements blobs) on any bytes.
import ClipDoctor
import FuzzDriver
import FuzzSupport
import Foundation

var reader = MachOReader()
reader.maximumEntitlementsBytes = 64 * 1024

runFuzzer { data, size in
    let bytes = FuzzInput(data, size).data
    _ = MachOReader.looksLikeMachO(bytes.prefix(8))
    guard let slices = try? reader.slices(in: bytes) else { return 0 }
    require(slices.count <= reader.maximumSlices, "\(slices.count) slices, over the cap")
    return 0
}

// libFuzzer target: QR codes and NDEF messages for arbitrary text (`QRCode(encoding:)`,
// `NDEFURIMessage(uri:)`). The first byte picks the level; the rest is the text's bytes. A code is
// made whenever the bytes fit version 40 in byte mode, its size matches its version, its level is
// never below the one asked for, and an NDEF record's header and payload give the URI back.
import ClipCodes
import FuzzDriver
import FuzzSupport

let byteCapacity: [QRErrorCorrection: Int] = [.low: 2_953, .medium: 2_331, .quartile: 1_663, .high: 1_273]

runFuzzer { data, size in
    let input = FuzzInput(data, size).array
    guard let first = input.first else { return 0 }
    let level = QRErrorCorrection.allCases[Int(first) % 4]
    let bytes = Array(input.dropFirst())
    do {
        let code = try QRCode(encoding: bytes, errorCorrection: level)
        require((1...40).contains(code.version) && code.size == 17 + 4 * code.version, "version \(code.version), size \(code.size)")
        require(code.errorCorrection >= level, "level \(code.errorCorrection) below \(level)")
        require(code.png(pixelsPerModule: 1).prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG signature")
    } catch {
        require(bytes.count > byteCapacity[level] ?? 0, "\(bytes.count) bytes at \(level) were refused: \(error)")
    }
    let uri = String(decoding: bytes, as: UTF8.self)
    let message = NDEFURIMessage(uri: uri)
    let short = message.bytes[0] & 0x10 != 0
    let payloadStart = short ? 4 : 7
    let payload = Array(message.bytes[payloadStart...])
    let length = short ? Int(message.bytes[2]) : message.bytes[2..<6].reduce(0) { $0 << 8 | Int($1) }
    require(length == payload.count, "payload length \(length), payload \(payload.count)")
    require(NDEFURIMessage.prefixes[Int(payload[0])] + String(decoding: payload.dropFirst(), as: UTF8.self) == uri, "the URI does not come back")
    return 0
}

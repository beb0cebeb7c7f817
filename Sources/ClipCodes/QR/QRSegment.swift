/// The encoding modes ClipCodes uses (ISO/IEC 18004, 7.4): digits, the 45-character alphanumeric
/// set, and bytes.
public enum QRMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Digits 0–9, three to 10 bits.
    case numeric
    /// 0–9, A–Z, space and `$%*+-./:`, two to 11 bits.
    case alphanumeric
    /// Any byte, 8 bits each; text is written as UTF-8.
    case byte

    /// The mode indicator (Table 2).
    var indicator: UInt32 {
        switch self {
        case .numeric: 0b0001
        case .alphanumeric: 0b0010
        case .byte: 0b0100
        }
    }

    /// The width of the character count indicator (Table 3) for versions 1–9, 10–26 and 27–40.
    func characterCountBits(versionClass: Int) -> Int {
        switch self {
        case .numeric: [10, 12, 14][versionClass]
        case .alphanumeric: [9, 11, 13][versionClass]
        case .byte: [8, 16, 16][versionClass]
        }
    }

    /// The bits a segment of `count` characters takes after its header.
    func payloadBits(count: Int) -> Int {
        switch self {
        case .numeric: count / 3 * 10 + [0, 4, 7][count % 3]
        case .alphanumeric: count / 2 * 11 + (count % 2) * 6
        case .byte: count * 8
        }
    }

    /// The version class (0 for versions 1–9, 1 for 10–26, 2 for 27–40) of `version`.
    static func versionClass(of version: Int) -> Int {
        version <= 9 ? 0 : version <= 26 ? 1 : 2
    }
}

/// A run of bytes encoded in one mode.
struct QRSegment: Sendable, Equatable {
    /// The mode.
    var mode: QRMode
    /// Where the run starts in the data.
    var start: Int
    /// How many bytes (characters, for these modes) it covers.
    var count: Int

    /// The bits the segment takes in `versionClass`, header included, or `nil` when its count does
    /// not fit the character count indicator.
    func bits(versionClass: Int) -> Int? {
        let countBits = mode.characterCountBits(versionClass: versionClass)
        guard count < 1 << countBits else { return nil }
        return 4 + countBits + mode.payloadBits(count: count)
    }
}

/// The value of each byte in the alphanumeric set (Table 5), or −1.
private let alphanumericValues: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    let characters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)
    for (value, character) in characters.enumerated() { table[Int(character)] = Int8(value) }
    return table
}()

/// Splitting data into segments.
enum QRSegmentation {
    /// Whether `byte` is a digit.
    static func isNumeric(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether `byte` is in the alphanumeric set.
    static func isAlphanumeric(_ byte: UInt8) -> Bool { alphanumericValues[Int(byte)] >= 0 }

    /// The one mode that holds all of `data`, the narrowest that can.
    static func singleMode(_ data: [UInt8]) -> [QRSegment] {
        let mode: QRMode
        if data.allSatisfy(isNumeric) {
            mode = .numeric
        } else if data.allSatisfy(isAlphanumeric) {
            mode = .alphanumeric
        } else {
            mode = .byte
        }
        return [QRSegment(mode: mode, start: 0, count: data.count)]
    }

    /// The segmentation with the fewest bits for `versionClass`, by dynamic programming over the
    /// bytes: the cost of each mode after each byte, in sixths of a bit (numeric 10/3 bits a digit,
    /// alphanumeric 11/2, byte 8), with a mode's header added where a segment starts.
    static func optimal(_ data: [UInt8], versionClass: Int) -> [QRSegment] {
        guard !data.isEmpty else { return [QRSegment(mode: .byte, start: 0, count: 0)] }
        let modes: [QRMode] = [.numeric, .alphanumeric, .byte]
        let perCharacter = [20, 33, 48]
        let header = modes.map { (4 + $0.characterCountBits(versionClass: versionClass)) * 6 }
        let unreachable = Int.max / 4
        // previous[i * 3 + m]: the mode before byte i when byte i is in mode m at the cheapest.
        var previous = [UInt8](repeating: 0, count: data.count * 3)
        var cost = header
        let alphanumericValues = alphanumericValues
        for (index, byte) in data.enumerated() {
            let numeric = isNumeric(byte), alphanumeric = alphanumericValues[Int(byte)] >= 0
            var next = (unreachable, unreachable, unreachable)
            for mode in 0..<3 {
                guard mode == 2 || (mode == 0 ? numeric : alphanumeric) else { continue }
                var best = unreachable
                var from = mode
                for prior in 0..<3 {
                    let priorCost = cost[prior]
                    guard priorCost < unreachable else { continue }
                    let candidate: Int
                    if prior == mode {
                        candidate = priorCost
                    } else {
                        guard index > 0 else { continue }
                        // Round the prior segment up to whole bits where it ends.
                        candidate = (priorCost + 5) / 6 * 6 + header[mode]
                    }
                    if candidate < best { best = candidate; from = prior }
                }
                if best < unreachable {
                    let value = best + perCharacter[mode]
                    switch mode {
                    case 0: next.0 = value
                    case 1: next.1 = value
                    default: next.2 = value
                    }
                    previous[index * 3 + mode] = UInt8(from)
                }
            }
            cost[0] = next.0
            cost[1] = next.1
            cost[2] = next.2
        }
        var mode = 0
        for candidate in 1..<3 where (cost[candidate] + 5) / 6 < (cost[mode] + 5) / 6 { mode = candidate }
        var perByte = [Int](repeating: 0, count: data.count)
        var index = data.count - 1
        while index >= 0 {
            perByte[index] = mode
            mode = Int(previous[index * 3 + mode])
            index -= 1
        }
        var segments: [QRSegment] = []
        for (position, byteMode) in perByte.enumerated() {
            if let last = segments.last, last.mode == modes[byteMode] {
                segments[segments.count - 1].count += 1
            } else {
                segments.append(QRSegment(mode: modes[byteMode], start: position, count: 1))
            }
        }
        return segments
    }

    /// The total bits of `segments` in `versionClass`, or `nil` when one does not fit its count field.
    static func bits(of segments: [QRSegment], versionClass: Int) -> Int? {
        var total = 0
        for segment in segments {
            guard let bits = segment.bits(versionClass: versionClass) else { return nil }
            total += bits
        }
        return total
    }
}

/// Bits appended most significant first, packed into bytes.
struct QRBitWriter {
    /// The bytes so far; the last may be partly filled.
    private(set) var bytes: [UInt8] = []
    /// How many bits were written.
    private(set) var count = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `width` bits of `value`.
    mutating func append(_ value: UInt32, width: Int) {
        var remaining = width
        while remaining > 0 {
            let used = count & 7
            if used == 0 { bytes.append(0) }
            let free = 8 - used
            let take = min(free, remaining)
            let chunk = UInt8((value >> UInt32(remaining - take)) & ((1 << UInt32(take)) - 1))
            bytes[bytes.count - 1] |= chunk << UInt8(free - take)
            remaining -= take
            count += take
        }
    }

    /// Appends `segment` of `data`, header and payload.
    mutating func append(_ segment: QRSegment, of data: [UInt8], versionClass: Int) {
        append(segment.mode.indicator, width: 4)
        append(UInt32(segment.count), width: segment.mode.characterCountBits(versionClass: versionClass))
        let end = segment.start + segment.count
        switch segment.mode {
        case .byte:
            for index in segment.start..<end { append(UInt32(data[index]), width: 8) }
        case .numeric:
            var index = segment.start
            while index < end {
                let take = min(3, end - index)
                var value: UInt32 = 0
                for offset in 0..<take { value = value * 10 + UInt32(data[index + offset] - 0x30) }
                append(value, width: [0, 4, 7, 10][take])
                index += take
            }
        case .alphanumeric:
            var index = segment.start
            while index + 1 < end {
                let value = UInt32(alphanumericValues[Int(data[index])]) * 45 + UInt32(alphanumericValues[Int(data[index + 1])])
                append(value, width: 11)
                index += 2
            }
            if index < end { append(UInt32(alphanumericValues[Int(data[index])]), width: 6) }
        }
    }
}

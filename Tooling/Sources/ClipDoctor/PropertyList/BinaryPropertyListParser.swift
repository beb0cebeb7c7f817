import Foundation

/// Parses Apple's binary property list format (`bplist00`) with bounds checks everywhere.
///
/// Layout: an 8-byte header, the objects, an offset table, and a 32-byte trailer that gives the
/// offset and reference sizes, the object count, the top object and where the offset table is.
/// Every offset and count is checked against the input before use; references that loop back
/// to an object being parsed are rejected; the total number of values produced is capped, so
/// shared references cannot blow up the work.
struct BinaryPropertyListParser {
    private let bytes: [UInt8]
    private let maximumDepth: Int
    private let maximumObjects: Int
    private var offsetIntSize = 0
    private var objectRefSize = 0
    private var objectCount = 0
    private var offsetTableOffset = 0
    private var producedValues = 0
    private var inProgress: Set<Int> = []

    init(bytes: [UInt8], maximumDepth: Int, maximumObjects: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.maximumObjects = maximumObjects
    }

    mutating func parse() throws(PropertyListError) -> PropertyListValue {
        let headerSize = 8, trailerSize = 32
        guard bytes.count >= headerSize + trailerSize + 1 else {
            throw .malformedBinary(reason: "\(bytes.count) bytes is too short for a header, one object and a trailer")
        }
        let trailer = bytes.count - trailerSize
        offsetIntSize = Int(bytes[trailer + 6])
        objectRefSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetIntSize), (1...8).contains(objectRefSize) else {
            throw .malformedBinary(reason: "offset size \(offsetIntSize) or reference size \(objectRefSize) is not 1 to 8 bytes")
        }
        let count = readUnsigned(at: trailer + 8, size: 8)
        let top = readUnsigned(at: trailer + 16, size: 8)
        let table = readUnsigned(at: trailer + 24, size: 8)
        guard count >= 1, count <= UInt64(maximumObjects) else {
            if count > UInt64(maximumObjects) { throw .tooManyObjects(limit: maximumObjects) }
            throw .malformedBinary(reason: "the trailer declares no objects")
        }
        objectCount = Int(count)
        guard top < count else {
            throw .malformedBinary(reason: "the top object \(top) is outside the \(count) objects")
        }
        guard table >= UInt64(headerSize), table < UInt64(trailer) else {
            throw .malformedBinary(reason: "the offset table starts at \(table), outside the objects area")
        }
        offsetTableOffset = Int(table)
        let tableBytes = objectCount.multipliedReportingOverflow(by: offsetIntSize)
        guard !tableBytes.overflow, offsetTableOffset + tableBytes.partialValue <= trailer else {
            throw .malformedBinary(reason: "the offset table for \(objectCount) objects runs past the trailer")
        }
        return try object(at: Int(top), depth: 0)
    }

    private func readUnsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    private func offset(ofObject index: Int) throws(PropertyListError) -> Int {
        let raw = readUnsigned(at: offsetTableOffset + index * offsetIntSize, size: offsetIntSize)
        guard raw >= 8, raw < UInt64(offsetTableOffset) else {
            throw .malformedBinary(reason: "object \(index) is at offset \(raw), outside the objects area")
        }
        return Int(raw)
    }

    /// Reads the length that follows a marker whose low nibble is 0xF, or the nibble itself.
    private func length(marker: UInt8, after start: Int) throws(PropertyListError) -> (length: Int, contentStart: Int) {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F { return (nibble, start + 1) }
        let lengthMarker = try byte(at: start + 1)
        guard lengthMarker & 0xF0 == 0x10 else {
            throw .malformedBinary(reason: "the length at offset \(start + 1) is not an integer")
        }
        let size = 1 << Int(lengthMarker & 0x0F)
        guard size <= 8 else { throw .malformedBinary(reason: "a length of \(size) bytes at offset \(start + 1)") }
        try require(start + 2, size)
        let value = readUnsigned(at: start + 2, size: size)
        guard value <= UInt64(bytes.count) else {
            throw .malformedBinary(reason: "the length \(value) at offset \(start + 1) is larger than the file")
        }
        return (Int(value), start + 2 + size)
    }

    private func byte(at offset: Int) throws(PropertyListError) -> UInt8 {
        guard offset >= 0, offset < offsetTableOffset else {
            throw .malformedBinary(reason: "offset \(offset) is outside the objects area")
        }
        return bytes[offset]
    }

    private func require(_ start: Int, _ count: Int) throws(PropertyListError) {
        let end = start.addingReportingOverflow(count)
        guard start >= 0, count >= 0, !end.overflow, end.partialValue <= offsetTableOffset else {
            throw .malformedBinary(reason: "\(count) bytes at offset \(start) run past the objects area")
        }
    }

    private mutating func reference(at offset: Int) throws(PropertyListError) -> Int {
        let value = readUnsigned(at: offset, size: objectRefSize)
        guard value < UInt64(objectCount) else {
            throw .malformedBinary(reason: "reference \(value) at offset \(offset) is outside the \(objectCount) objects")
        }
        return Int(value)
    }

    private mutating func object(at index: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        producedValues += 1
        if producedValues > maximumObjects { throw .tooManyObjects(limit: maximumObjects) }
        let start = try offset(ofObject: index)
        let marker = try byte(at: start)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            default: throw .malformedBinary(reason: String(format: "unsupported marker 0x%02x at offset %d", marker, start))
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16 else { throw .malformedBinary(reason: "an integer of \(size) bytes at offset \(start)") }
            try require(start + 1, size)
            if size == 16 {
                guard readUnsigned(at: start + 1, size: 8) == 0 else {
                    throw .malformedBinary(reason: "a 128-bit integer at offset \(start) does not fit 64 bits")
                }
                let low = readUnsigned(at: start + 9, size: 8)
                guard low <= UInt64(Int64.max) else {
                    throw .malformedBinary(reason: "the integer at offset \(start) does not fit 64 bits")
                }
                return .integer(Int64(low))
            }
            let raw = readUnsigned(at: start + 1, size: size)
            return .integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw))
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            try require(start + 1, size)
            switch size {
            case 4: return .real(Double(Float(bitPattern: UInt32(readUnsigned(at: start + 1, size: 4)))))
            case 8: return .real(Double(bitPattern: readUnsigned(at: start + 1, size: 8)))
            default: throw .malformedBinary(reason: "a real of \(size) bytes at offset \(start)")
            }
        case 0x3:
            guard marker == 0x33 else { throw .malformedBinary(reason: String(format: "unsupported marker 0x%02x at offset %d", marker, start)) }
            try require(start + 1, 8)
            return .date(Double(bitPattern: readUnsigned(at: start + 1, size: 8)))
        case 0x4:
            let (count, contentStart) = try length(marker: marker, after: start)
            try require(contentStart, count)
            return .data(Data(bytes[contentStart..<contentStart + count]))
        case 0x5:
            let (count, contentStart) = try length(marker: marker, after: start)
            try require(contentStart, count)
            let slice = bytes[contentStart..<contentStart + count]
            return .string(String(validating: slice, as: UTF8.self) ?? String(slice.map { Character(Unicode.Scalar($0)) }))
        case 0x6:
            let (units, contentStart) = try length(marker: marker, after: start)
            let byteCount = units.multipliedReportingOverflow(by: 2)
            guard !byteCount.overflow else { throw .malformedBinary(reason: "a string length overflows at offset \(start)") }
            try require(contentStart, byteCount.partialValue)
            var codeUnits: [UInt16] = []
            codeUnits.reserveCapacity(units)
            for unit in 0..<units {
                let at = contentStart + unit * 2
                codeUnits.append(UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))
            }
            return .string(String(decoding: codeUnits, as: UTF16.self))
        case 0xA, 0xC:
            let (count, contentStart) = try length(marker: marker, after: start)
            let refBytes = count.multipliedReportingOverflow(by: objectRefSize)
            guard !refBytes.overflow else { throw .malformedBinary(reason: "an array length overflows at offset \(start)") }
            try require(contentStart, refBytes.partialValue)
            try enter(index, depth: depth)
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(min(count, 1024))
            for element in 0..<count {
                let ref = try reference(at: contentStart + element * objectRefSize)
                elements.append(try object(at: ref, depth: depth + 1))
            }
            inProgress.remove(index)
            return .array(elements)
        case 0xD:
            let (count, contentStart) = try length(marker: marker, after: start)
            let refBytes = count.multipliedReportingOverflow(by: objectRefSize * 2)
            guard !refBytes.overflow else { throw .malformedBinary(reason: "a dictionary length overflows at offset \(start)") }
            try require(contentStart, refBytes.partialValue)
            try enter(index, depth: depth)
            var members: [String: PropertyListValue] = [:]
            members.reserveCapacity(min(count, 1024))
            for member in 0..<count {
                let keyRef = try reference(at: contentStart + member * objectRefSize)
                let valueRef = try reference(at: contentStart + (count + member) * objectRefSize)
                guard case .string(let key) = try object(at: keyRef, depth: depth + 1) else {
                    throw .malformedBinary(reason: "a dictionary key at offset \(start) is not a string")
                }
                guard members[key] == nil else {
                    throw .malformedBinary(reason: "the dictionary at offset \(start) has the key '\(key.prefix(80))' twice")
                }
                members[key] = try object(at: valueRef, depth: depth + 1)
            }
            inProgress.remove(index)
            return .dictionary(members)
        default:
            throw .malformedBinary(reason: String(format: "unsupported marker 0x%02x at offset %d", marker, start))
        }
    }

    private mutating func enter(_ index: Int, depth: Int) throws(PropertyListError) {
        guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
        guard inProgress.insert(index).inserted else {
            throw .malformedBinary(reason: "object \(index) contains itself")
        }
    }
}

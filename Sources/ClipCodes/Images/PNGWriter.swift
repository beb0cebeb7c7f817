/// Writes black-and-white images as PNG files (1-bit greyscale, no interlacing) with no library:
/// the image data is a zlib stream of stored deflate blocks, each chunk closed by its CRC-32.
///
/// Stored blocks keep the writer small and exact; a QR code's PNG at 10 pixels a module is tens
/// of kilobytes, which is nothing next to the print job it goes into.
@_spi(ClipKitTooling)
public struct PNGWriter: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int

    /// A writer for an image of `width` × `height` pixels (each at least 1).
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// The bytes of one row: a bit per pixel, most significant first, 1 for white.
    public var bytesPerRow: Int { (width + 7) / 8 }

    /// The PNG file of `rows`, `height` rows of ``bytesPerRow`` bytes each (1 for white).
    public func file(rows: [UInt8]) -> [UInt8] {
        precondition(rows.count == bytesPerRow * height, "rows must hold height × bytesPerRow bytes")
        var raw: [UInt8] = []
        raw.reserveCapacity((bytesPerRow + 1) * height)
        for row in 0..<height {
            raw.append(0)    // filter type None
            raw.append(contentsOf: rows[(row * bytesPerRow)..<((row + 1) * bytesPerRow)])
        }
        var output: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [1, 0, 0, 0, 0]    // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
        Self.appendChunk("IHDR", header, to: &output)
        Self.appendChunk("IDAT", Self.zlibStored(raw), to: &output)
        Self.appendChunk("IEND", [], to: &output)
        return output
    }

    /// `data` as a zlib stream (RFC 1950) of stored deflate blocks (RFC 1951, 3.2.4).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        stream.reserveCapacity(data.count + data.count / 65_535 * 5 + 11)
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            stream.append(final)
            stream.append(UInt8(length & 0xFF))
            stream.append(UInt8(length >> 8))
            stream.append(UInt8(~length & 0xFF))
            stream.append(UInt8((~length >> 8) & 0xFF))
            stream.append(contentsOf: data[offset..<(offset + length)])
            offset += length
        } while offset < data.count
        stream.appendBigEndian(Adler32.checksum(data))
        return stream
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to output: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        output.appendBigEndian(UInt32(data.count))
        output.append(contentsOf: typeBytes)
        output.append(contentsOf: data)
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        output.appendBigEndian(crc.value)
    }
}

/// CRC-32 with the reflected IEEE 802.3 polynomial, as PNG chunks use (ISO/IEC 15948, Annex D).
///
/// ClipNotifications has the same function for its badge records; that module links nothing, so
/// each keeps its own rather than one linking the other.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private var register: UInt32 = 0xFFFF_FFFF

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        var crc = register
        for byte in bytes { crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        register = crc
    }

    /// The checksum of everything added.
    var value: UInt32 { register ^ 0xFFFF_FFFF }
}

/// Adler-32, the checksum that closes a zlib stream (RFC 1950, 8.2).
enum Adler32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            // 5552 bytes is the most that cannot overflow 32 bits before the reduction.
            let end = min(bytes.count, index + 5552)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65_521
            b %= 65_521
        }
        return b << 16 | a
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}

import Foundation

/// Image files that the tests build: App Clip card header images and files that only look like one.
package enum ImageFixture {
    /// A PNG file of `width` × `height` pixels, 1-bit grayscale, every byte of pixel data `shade`:
    /// signature, `IHDR`, one `IDAT` of stored (uncompressed) deflate blocks, `IEND`, with real CRCs
    /// and Adler-32, so any PNG decoder reads it.
    package static func png(width: Int, height: Int, shade: UInt8 = 0) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(uint32(width))
        header.append(uint32(height))
        header.append(contentsOf: [1, 0, 0, 0, 0]) // bit depth 1, grayscale, deflate, no filter method, no interlace
        data.append(chunk("IHDR", header))
        let row = Data([0]) + Data(repeating: shade, count: (width + 7) / 8)
        var raw = Data()
        raw.reserveCapacity(row.count * height)
        for _ in 0..<height { raw.append(row) }
        data.append(chunk("IDAT", zlibStored(raw)))
        data.append(chunk("IEND", Data()))
        return data
    }

    /// The start of a JPEG file (JFIF) whose `SOFn` frame header says `width` × `height`, after an
    /// `APP0` and a `DQT` segment; `marker` picks the frame kind (`0xC0` baseline, `0xC2` progressive).
    package static func jpeg(width: Int, height: Int, marker: UInt8 = 0xC0, shade: UInt8 = 0) -> Data {
        var data = Data([0xFF, 0xD8])
        data.append(contentsOf: [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])
        data.append(contentsOf: [0xFF, 0xDB, 0x00, 0x43, 0x00] + Array(repeating: max(shade, 1), count: 64))
        data.append(contentsOf: [0xFF, marker, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
                                 0x01, 0x01, 0x11, 0x00])
        data.append(contentsOf: [0xFF, 0xD9])
        return data
    }

    static func uint32(_ value: Int) -> Data {
        Data([UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
    }

    static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return uint32(body.count) + typed + uint32(Int(crc32(typed)))
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A zlib stream of `raw` in stored deflate blocks.
    static func zlibStored(_ raw: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65535, raw.count - offset)
            let final: UInt8 = offset + length == raw.count ? 1 : 0
            out.append(contentsOf: [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
            out.append(raw.subdata(in: offset..<(offset + length)))
            offset += length
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out.append(uint32(Int(b << 16 | a)))
        return out
    }
}

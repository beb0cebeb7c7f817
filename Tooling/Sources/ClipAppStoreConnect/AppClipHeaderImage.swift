@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import Crypto
import Foundation

/// The header image of an advanced App Clip experience's card, as the manifest names it
/// (`headerImage` of a clip route or of a place, relative to the manifest's folder).
///
/// App Store Connect takes a PNG or JPEG file of 1800 × 1200 pixels. The file is checked when the
/// plan is made: it exists, it is a PNG or JPEG file by its bytes (not its name), and its header
/// gives those dimensions. Its MD5 checksum is what App Store Connect keeps as the image's
/// `sourceFileChecksum`, so a push uploads an image again only when the checksum differs.
package struct AppClipHeaderImage: Sendable, Hashable, Codable {
    /// The width App Store Connect requires, in pixels.
    package static let width = 1800
    /// The height App Store Connect requires, in pixels.
    package static let height = 1200
    /// The largest file read, in bytes.
    package static let maximumBytes = 10 * 1024 * 1024

    /// The kind of image file.
    package enum Format: String, Sendable, Hashable, Codable {
        /// A PNG file.
        case png
        /// A JPEG (JFIF or Exif) file.
        case jpeg
    }

    /// The path as the manifest gives it.
    package let path: String
    /// Where the manifest names it, such as `$.places[0].headerImage`.
    package let manifestKey: String
    /// The path the file is read from: `path`, resolved against the manifest's folder.
    package let file: String
    /// The file's name, sent to App Store Connect with the reservation.
    package let fileName: String
    /// The kind of file, from its bytes.
    package let format: Format
    /// The file's size in bytes.
    package let byteCount: Int
    /// The MD5 digest of the file, in lower-case hexadecimal.
    package let checksum: String

    /// Reads and checks the image at `path` (as the manifest names it at `manifestKey`), resolved
    /// against `folder` unless it is absolute: the image, or the issue at `manifestKey` that says
    /// why App Store Connect would not take it.
    static func load(path: String, manifestKey: String, relativeTo folder: URL) -> (image: AppClipHeaderImage?, issue: ManifestIssue?) {
        let file = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
        let quoted = "'\(path.count > 120 ? String(path.prefix(117)) + "..." : path)'"
        let data: Data
        do throws(InputFile.Failure) {
            data = try InputFile.read(path: file, limit: maximumBytes)
        } catch {
            let reason = error == .missing ? "no such file (header images are named relative to the manifest's folder)" : error.reason
            return (nil, ManifestIssue(path: manifestKey, message: "\(quoted): \(reason)"))
        }
        guard let (format, width, height) = dimensions(of: data) else {
            return (nil, ManifestIssue(path: manifestKey, message: "\(quoted) is not a PNG or JPEG file that can be read; App Store Connect takes a PNG or JPEG header image of \(Self.width) × \(Self.height) pixels"))
        }
        guard width == Self.width, height == Self.height else {
            return (nil, ManifestIssue(path: manifestKey, message: "\(quoted) is \(width) × \(height) pixels; an App Clip card's header image must be \(Self.width) × \(Self.height) pixels (3:2)"))
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        return (AppClipHeaderImage(path: path, manifestKey: manifestKey, file: file, fileName: name, format: format,
                                   byteCount: data.count, checksum: md5(data)), nil)
    }

    /// The file's bytes, read again for the upload; they must still be what was checked.
    ///
    /// - Throws: ``AppStoreConnectError/headerImage(file:reason:)`` when the file cannot be read or has changed.
    package func contents() throws(AppStoreConnectError) -> Data {
        let data: Data
        do throws(InputFile.Failure) {
            data = try InputFile.read(path: file, limit: Self.maximumBytes)
        } catch {
            throw .headerImage(file: path, reason: error.reason)
        }
        guard data.count == byteCount, Self.md5(data) == checksum else {
            throw .headerImage(file: path, reason: "the file changed after it was checked; run the push again")
        }
        return data
    }

    /// The lower-case hexadecimal MD5 digest of `data`, as App Store Connect's `sourceFileChecksum`.
    package static func md5(_ data: Data) -> String {
        Insecure.MD5.hash(data: data).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The format and pixel dimensions in the header of a PNG or JPEG file, or `nil` when `data`
    /// is neither or its header cannot be read.
    ///
    /// PNG: the `IHDR` chunk that must follow the signature. JPEG: the first start-of-frame
    /// segment (`SOF0`–`SOF15`, not `DHT`, `JPG` or `DAC`), found by walking the segments.
    package static func dimensions(of data: Data) -> (format: Format, width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(1 << 20))
        func uint16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func uint32(_ at: Int) -> Int? {
            guard let high = uint16(at), let low = uint16(at + 2) else { return nil }
            return high << 16 | low
        }
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.starts(with: pngSignature) {
            // Length (13), "IHDR", width, height.
            guard uint32(8) == 13, bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8),
                  let width = uint32(16), let height = uint32(20), width > 0, height > 0 else { return nil }
            return (.png, width, height)
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var index = 2
        while index < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            // Fill bytes: any number of 0xFF before a marker.
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { return nil }
            let marker = bytes[index]
            index += 1
            // Markers without a length: TEM, RST0–RST7, SOI.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            // End of image or start of scan before any frame header: no dimensions.
            if marker == 0xD9 || marker == 0xDA { return nil }
            guard let length = uint16(index), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                // Length, precision, height, width.
                guard length >= 7, let height = uint16(index + 3), let width = uint16(index + 5), width > 0, height > 0 else { return nil }
                return (.jpeg, width, height)
            }
            index += length
        }
        return nil
    }
}

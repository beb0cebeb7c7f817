/// An NDEF message of one URI record (NFC Forum NDEF 1.0 and URI Record Type Definition 1.0), as
/// an NFC tag carries an App Clip's invocation URL.
///
/// The record is a short record when the payload is under 256 bytes; its payload is one
/// identifier code that abbreviates the longest matching URI prefix, then the rest of the URI.
public struct NDEFURIMessage: Sendable, Hashable {
    /// The URI the record carries.
    public let uri: String
    /// The identifier code of the prefix the record abbreviates (0 for none).
    @_spi(ClipKitTooling) public let prefixCode: UInt8
    /// The message's bytes: the record header, type `U`, and the payload.
    public let bytes: [UInt8]

    /// The URI prefixes of the URI RTD (Table 3), by identifier code.
    @_spi(ClipKitTooling) public static let prefixes: [String] = [
        "", "http://www.", "https://www.", "http://", "https://", "tel:", "mailto:",
        "ftp://anonymous:anonymous@", "ftp://ftp.", "ftps://", "sftp://", "smb://", "nfs://", "ftp://",
        "dav://", "news:", "telnet://", "imap:", "rtsp://", "urn:", "pop:", "sip:", "sips:", "tftp:",
        "btspp://", "btl2cap://", "btgoep://", "tcpobex://", "irdaobex://", "file://", "urn:epc:id:",
        "urn:epc:tag:", "urn:epc:pat:", "urn:epc:raw:", "urn:epc:", "urn:nfc:",
    ]

    /// The message for `uri`.
    public init(uri: String) {
        self.uri = uri
        var best = 0
        for (code, prefix) in Self.prefixes.enumerated() where code > 0 && uri.hasPrefix(prefix)
            && prefix.utf8.count > Self.prefixes[best].utf8.count {
            best = code
        }
        prefixCode = UInt8(best)
        let payload = [UInt8(best)] + Array(uri.utf8.dropFirst(Self.prefixes[best].utf8.count))
        // MB, ME; SR when the payload length fits a byte; TNF 1 (NFC Forum well-known type).
        let shortRecord = payload.count < 256
        var message: [UInt8] = [0x80 | 0x40 | (shortRecord ? 0x10 : 0) | 0x01, 1]
        if shortRecord {
            message.append(UInt8(payload.count))
        } else {
            message.appendBigEndian(UInt32(payload.count))
        }
        message.append(0x55)    // "U"
        message += payload
        bytes = message
    }

    /// The bytes a Type 2 tag spends on the message: the NDEF TLV (type, a length of 1 or 3
    /// bytes, the message) and the terminator TLV after it (NFC Forum Type 2 Tag 1.0, 2.3).
    public var tagBytes: Int {
        (bytes.count < 255 ? 2 : 4) + bytes.count + 1
    }

    /// The tags in `tags` that hold the message, smallest first: those whose NDEF area, as their
    /// capability container declares it (``NFCTag/ndefCapacity``), has room for ``tagBytes``.
    public func tagsThatHold(_ tags: [NFCTag] = NFCTag.allCases) -> [NFCTag] {
        tags.filter { $0.ndefCapacity >= tagBytes }.sorted { $0.ndefCapacity < $1.ndefCapacity }
    }
}

/// NFC Forum Type 2 tags commonly stuck on tables and counters (NXP NTAG213/215/216), with the
/// capability container each is shipped with.
///
/// What a message may take is the NDEF area the capability container declares, which a phone reads
/// before it writes: 144, 496 and 872 bytes. The data sheets' user memory (144, 504 and 888 bytes)
/// is larger on NTAG215 and NTAG216, by bytes no NDEF writer uses.
public enum NFCTag: String, Sendable, Hashable, Codable, CaseIterable {
    /// NTAG213: an NDEF area of 144 bytes.
    case ntag213
    /// NTAG215: an NDEF area of 496 bytes.
    case ntag215
    /// NTAG216: an NDEF area of 872 bytes.
    case ntag216

    /// The capability container as NXP's data sheets give it (page 3): the NDEF magic number
    /// `E1`, mapping version 1.0, the NDEF area's size in units of 8 bytes, and free read and write access.
    public var capabilityContainer: [UInt8] {
        switch self {
        case .ntag213: [0xE1, 0x10, 0x12, 0x00]
        case .ntag215: [0xE1, 0x10, 0x3E, 0x00]
        case .ntag216: [0xE1, 0x10, 0x6D, 0x00]
        }
    }

    /// The bytes of the NDEF area the capability container declares (its byte 2 times 8), which
    /// hold the NDEF TLV and its terminator: 144, 496 or 872.
    public var ndefCapacity: Int { Int(capabilityContainer[2]) * 8 }

    /// The bytes of user memory the data sheet gives (144, 504 or 888); more than ``ndefCapacity``
    /// on NTAG215 and NTAG216, so a message is sized by ``ndefCapacity``.
    @_spi(ClipKitTooling) public var userMemory: Int {
        switch self {
        case .ntag213: 144
        case .ntag215: 504
        case .ntag216: 888
        }
    }

    /// The tag's name as printed on the reel: `NTAG213`.
    public var displayName: String { rawValue.uppercased() }
}

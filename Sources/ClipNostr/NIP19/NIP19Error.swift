import ClipKit
import Foundation

/// Why a string is not a NIP-19 entity ClipNostr can use, or why one cannot be encoded.
public enum NIP19Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The string is empty.
    case empty
    /// The string has more characters than allowed.
    case tooLong(Int, limit: Int)
    /// A character outside printable ASCII, or outside the Bech32 alphabet, at a position.
    case invalidCharacter(position: Int)
    /// Upper- and lowercase letters are mixed.
    case mixedCase
    /// There is no `1` between prefix and data.
    case missingSeparator
    /// Nothing comes before the `1`.
    case missingPrefix
    /// Fewer than six characters follow the `1`.
    case checksumTooShort
    /// The checksum does not match: a typo, or a Bech32m string.
    case checksumMismatch
    /// The data does not divide into whole bytes.
    case invalidPadding
    /// The prefix names an entity ClipNostr does not handle here.
    case unsupportedPrefix(String)
    /// A public key that is not exactly 32 bytes (or 64 hex characters when encoding).
    case invalidPublicKeyLength(Int)
    /// A public key given as text that is not 64 lowercase hex characters.
    case malformedPublicKeyHex
    /// The TLV data of an `nprofile`, `nevent` or `naddr` ends in the middle of the entry that
    /// starts at byte `offset`.
    case truncatedTLV(entity: String, offset: Int)
    /// A TLV entry the entity requires is absent (an nprofile's key, an nevent's id, an naddr's
    /// identifier, author or kind).
    case missingField(Field, entity: String)
    /// A TLV entry that may appear once appears again.
    case duplicateField(Field, entity: String)
    /// A TLV entry has `length` bytes where it must have `expected`.
    case invalidFieldLength(Field, entity: String, length: Int, expected: Int)
    /// An naddr's identifier (its `d` tag) is not valid UTF-8.
    case identifierNotUTF8
    /// An event id given as text that is not 64 lowercase hex characters.
    case malformedEventIDHex
    /// An naddr identifier too long for its TLV entry (UTF-8 bytes).
    case identifierTooLong(Int, limit: Int)
    /// A relay URL that cannot be encoded; the associated value says why.
    case invalidRelay(String)
    /// More relays than allowed were given to encode.
    case tooManyRelays(Int, limit: Int)

    /// A field of an entity's TLV data, named in errors.
    public enum Field: String, Sendable, Equatable {
        /// An nprofile's public key (type 0).
        case publicKey = "public key"
        /// An nevent's event id (type 0).
        case eventID = "event id"
        /// An naddr's identifier, the `d` tag (type 0).
        case identifier
        /// An nevent's or naddr's author (type 2).
        case author
        /// An nevent's or naddr's kind (type 3).
        case kind

        /// The TLV type that holds the field.
        public var tlvType: Int {
            switch self {
            case .publicKey, .eventID, .identifier: return 0
            case .author: return 2
            case .kind: return 3
            }
        }
    }

    /// The accepted forms, for messages: "npub, nprofile, nevent or naddr".
    static let acceptedForms = "npub, nprofile, nevent or naddr"

    /// What is wrong and what to do, for a person.
    public var description: String {
        switch self {
        case .empty:
            return "the string is empty; expected an npub1…, nprofile1…, nevent1… or naddr1… string"
        case .tooLong(let count, let limit):
            return "the string has \(count) characters, more than the \(limit) accepted"
        case .invalidCharacter(let position):
            return "the character at position \(position) is not allowed in a bech32 string"
        case .mixedCase:
            return "the string mixes upper- and lowercase letters; bech32 is all one case"
        case .missingSeparator:
            return "the string has no '1' separating the prefix from the data"
        case .missingPrefix:
            return "the string has no prefix (such as 'npub') before the '1'"
        case .checksumTooShort:
            return "the data after the '1' is shorter than the 6-character checksum"
        case .checksumMismatch:
            return "the checksum does not match; the string was mistyped or cut"
        case .invalidPadding:
            return "the data does not decode to whole bytes"
        case .unsupportedPrefix(let prefix):
            if prefix == "nsec" {
                return "this is a secret key (nsec), not a public one; never share it, use the npub instead"
            }
            if prefix == "ncryptsec" {
                return "this is an encrypted secret key (ncryptsec), not a public one; never share it, use the npub instead"
            }
            if prefix == "note" {
                return "a note id does not say whose note it is; share it as an nevent with its author, or give an \(Self.acceptedForms)"
            }
            return "'\(prefix)' entities are not supported here; expected an \(Self.acceptedForms)"
        case .invalidPublicKeyLength(let count):
            return "the public key has \(count) bytes; it must have 32"
        case .malformedPublicKeyHex:
            return "the public key is not 64 lowercase hexadecimal characters"
        case .truncatedTLV(let entity, let offset):
            return "the \(entity) data is cut off in the entry at byte \(offset)"
        case .missingField(let field, let entity):
            return "the \(entity) has no \(field.rawValue) (TLV type \(field.tlvType)), which it requires"
        case .duplicateField(let field, let entity):
            return "the \(entity) has more than one \(field.rawValue) (TLV type \(field.tlvType))"
        case .invalidFieldLength(let field, let entity, let length, let expected):
            return "the \(entity)'s \(field.rawValue) (TLV type \(field.tlvType)) has \(length) bytes; it must have \(expected)"
        case .identifierNotUTF8:
            return "the naddr's identifier (its d tag) is not valid UTF-8"
        case .malformedEventIDHex:
            return "the event id is not 64 lowercase hexadecimal characters"
        case .identifierTooLong(let count, let limit):
            return "the identifier has \(count) UTF-8 bytes, more than the \(limit) an naddr entry holds"
        case .invalidRelay(let reason):
            return "invalid relay: \(reason)"
        case .tooManyRelays(let count, let limit):
            return "\(count) relays given, more than the \(limit) an nprofile, nevent or naddr may carry here"
        }
    }
}

extension NIP19Error: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .unsupportedPrefix("nsec"): return "Never share a secret key; use the npub instead."
        case .unsupportedPrefix("ncryptsec"): return "Never share a secret key, even encrypted; use the npub instead."
        case .unsupportedPrefix: return "Give an \(Self.acceptedForms)."
        case .checksumMismatch: return "Copy the string again, whole."
        default: return nil
        }
    }
}

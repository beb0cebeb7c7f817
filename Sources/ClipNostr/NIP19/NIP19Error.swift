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
    /// An nprofile's TLV data ends in the middle of an entry.
    case truncatedTLV(offset: Int)
    /// An nprofile has no type-0 (public key) entry.
    case missingPublicKey
    /// An nprofile has more than one type-0 (public key) entry.
    case duplicatePublicKey
    /// A relay URL that cannot be encoded; the associated value says why.
    case invalidRelay(String)
    /// More relays than allowed were given to encode.
    case tooManyRelays(Int, limit: Int)

    /// What is wrong and what to do, for a person.
    public var description: String {
        switch self {
        case .empty:
            return "the string is empty; expected an npub1… or nprofile1… string"
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
            return "'\(prefix)' entities are not supported here; expected npub or nprofile"
        case .invalidPublicKeyLength(let count):
            return "the public key has \(count) bytes; it must have 32"
        case .malformedPublicKeyHex:
            return "the public key is not 64 lowercase hexadecimal characters"
        case .truncatedTLV(let offset):
            return "the nprofile data is cut off in the entry at byte \(offset)"
        case .missingPublicKey:
            return "the nprofile has no public key entry"
        case .duplicatePublicKey:
            return "the nprofile has more than one public key entry"
        case .invalidRelay(let reason):
            return "invalid relay: \(reason)"
        case .tooManyRelays(let count, let limit):
            return "\(count) relays given, more than the \(limit) an nprofile may carry here"
        }
    }
}

extension NIP19Error: LocalizedError {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .unsupportedPrefix("nsec"): return "Never share a secret key; use the npub instead."
        case .unsupportedPrefix: return "Give an npub or an nprofile."
        case .checksumMismatch: return "Copy the string again, whole."
        default: return nil
        }
    }
}

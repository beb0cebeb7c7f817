import ClipKit
import Foundation

/// The NIP-01 filter of a profile fetch: the newest kind-0 event of one author,
/// `{"kinds":[0],"authors":[<hex>],"limit":1}`.
@_spi(ClipKitTooling)
public struct ProfileFilter: Sendable, Equatable {
    /// The author's public key: 64 lowercase hexadecimal characters.
    public let author: String

    /// The kind a profile has.
    public static let profileKind = 0
    /// The kind an author's relay list has (NIP-65).
    static let relayListKind = 10002

    /// Creates the filter for `author`.
    ///
    /// - Throws: ``ProfileFilterError`` when `author` is not 64 lowercase hexadecimal characters.
    public init(author: String) throws(ProfileFilterError) {
        guard author.utf8.count == 64, author.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw ProfileFilterError(author: author)
        }
        self.author = author
    }

    /// The filter as compact JSON.
    public var json: String {
        #"{"kinds":[\#(Self.profileKind)],"authors":["\#(author)"],"limit":1}"#
    }

    /// The same author's newest relay list (kind 10002), as compact JSON: asked beside the profile
    /// from the given relays, in a subscription of its own, so that the author's write relays are
    /// known without another round trip.
    var relayListJSON: String {
        #"{"kinds":[\#(Self.relayListKind)],"authors":["\#(author)"],"limit":1}"#
    }
}

/// A profile filter was asked for with something other than a hex public key.
public struct ProfileFilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was given, shortened.
    public let author: String

    init(author: String) {
        self.author = String(author.prefix(80))
    }

    /// What is wrong.
    public var description: String {
        "'\(author)' is not a public key in hex (64 lowercase hexadecimal characters); decode an npub first"
    }
}

extension ProfileFilterError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        "Decode an npub first, and pass its public key in hex."
    }
}

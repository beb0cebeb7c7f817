@_spi(ClipKitTooling) import ClipKit

/// Why a built product (`.app`, `.ipa`, `.xcarchive`) could not be opened or a file in it read.
package enum ProductError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path does not exist or cannot be opened.
    case unreadable(path: String, reason: String)
    /// The path is not an `.app` folder, an `.ipa` (zip) file or an `.xcarchive` folder.
    case unsupportedKind(path: String)
    /// The product has more files than the reader lists.
    case tooManyFiles(path: String, limit: Int)
    /// A file inside the product is larger than the reader reads.
    case fileTooLarge(path: String, bytes: UInt64, limit: Int)
    /// A file inside the product is missing.
    case missingFile(path: String)
    /// A zip entry inflates to a size other than the one it declares: more (`inflatedBytes` is
    /// `nil`; reading stopped at the first byte past the declared size) or fewer.
    case entrySizeMismatch(path: String, declaredBytes: UInt64, inflatedBytes: UInt64?)

    /// What went wrong, for a person.
    package var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot open \(path): \(reason)"
        case .unsupportedKind(let path):
            return "\(path) is not a built product: expected an .app folder, an .ipa file or an .xcarchive folder"
        case .tooManyFiles(let path, let limit):
            return "\(path) has more than \(limit) files, more than doctor lists; check that this is the product you meant"
        case .fileTooLarge(let path, let bytes, let limit):
            return "\(path) is \(ByteSize.text(bytes)), more than the \(ByteSize.text(limit)) doctor reads; check that this is the product you meant"
        case .missingFile(let path): return "\(path) is missing"
        case .entrySizeMismatch(let path, let declared, let inflated):
            let found = inflated.map { "only \(ByteSize.text($0))" } ?? "more (reading stopped at the first byte past it)"
            return "the archive lies about \(path): it declares \(ByteSize.text(declared)) but inflates to \(found); "
                + "the archive is damaged or crafted, so export the product again and do not install this one"
        }
    }
}

extension ProductError {
    /// What to do about a file that could not be read: `otherwise`, unless the archive itself is
    /// not to be trusted.
    func fix(otherwise: String) -> String {
        if case .entrySizeMismatch = self {
            return "Export the product again (Xcode's Organizer or 'xcodebuild -exportArchive'); this archive is damaged or was altered."
        }
        return otherwise
    }
}

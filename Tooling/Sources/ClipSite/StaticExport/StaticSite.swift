@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A link domain exported as static files, ready for GitHub Pages or any CDN.
///
/// Paths are relative to the site's root and use `/`. The bytes depend only on the manifest,
/// the templates and the AASA document, so two builds are identical.
package struct StaticSite: Sendable, Hashable {
    /// The files' contents by relative path.
    package let files: [String: Data]

    /// The relative paths, sorted.
    package var paths: [String] { files.keys.sorted() }

    /// Writes every file under `directory`, creating folders as needed and replacing files of
    /// the same name; other files in `directory` are left alone.
    ///
    /// - Throws: ``StaticSiteError`` naming the file that could not be written.
    package func write(to directory: URL) throws(StaticSiteError) {
        let manager = FileManager.default
        for path in paths {
            let target = directory.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try (files[path] ?? Data()).write(to: target, options: .atomic)
            } catch {
                throw .unwritable(path: target.path, reason: FileErrorReason.describe(error, at: target.path, isFolder: false))
            }
        }
    }
}

/// Why a static site could not be written.
package enum StaticSiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file or folder could not be created.
    case unwritable(path: String, reason: String)
    /// The domain asked for is not one of the manifest's.
    case unknownDomain(String, domains: [String])

    /// A sentence naming the file.
    package var description: String {
        switch self {
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(reason); check that the output folder is writable"
        case .unknownDomain(let domain, let domains):
            return "'\(domain)' is not one of the manifest's domains (\(domains.joined(separator: ", ")))"
        }
    }
}

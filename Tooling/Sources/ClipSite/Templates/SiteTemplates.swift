@_spi(ClipKitTooling) import ClipKit
import Foundation
import Mustache

/// The Mustache templates that share pages, the home page and the not-found page render with.
///
/// ClipKit's defaults cover every page. A templates folder overrides them by file name
/// (`NAME.mustache`): `index`, `share`, `not-found`, the partials `head` and `style`, and per
/// route `share-ROUTE` for a whole page. Text templates set a page's title and description:
/// `share-ROUTE.title.mustache`, `share-ROUTE.description.mustache` (also `share.title`,
/// `index.title`, …); they render as plain text, and the page escapes the result once.
///
/// Write values with `{{name}}`, never `{{{name}}}`: double braces escape for HTML text and
/// quoted attributes, and every URL a page receives is already checked to be `https`.
package struct SiteTemplates: Sendable {
    /// The largest template file read, in bytes.
    package static let maximumFileSize = 256 * 1024
    /// The most template files read from one folder.
    package static let maximumFileCount = 256

    /// ClipKit's own templates.
    package static let defaults: SiteTemplates = {
        var library = MustacheLibrary()
        for (name, text) in DefaultTemplates.all {
            // The defaults are constants that the tests render; a parse failure is a programming error.
            if let template = try? MustacheTemplate(string: text) { library.register(template, named: name) }
        }
        return SiteTemplates(library: library, overridden: [])
    }()

    let library: MustacheLibrary
    /// The names of the templates a folder replaced or added, sorted.
    package let overridden: [String]

    init(library: MustacheLibrary, overridden: [String]) {
        self.library = library
        self.overridden = overridden
    }

    /// ClipKit's templates, with those in `directory` replacing or adding to them.
    ///
    /// - Throws: ``SiteTemplateError`` naming the folder or file that could not be read or parsed.
    package init(overridingWith directory: URL) throws(SiteTemplateError) {
        var library = SiteTemplates.defaults.library
        var names: [String] = []
        let listing: [String]
        do {
            listing = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .unreadableDirectory(path: directory.path, reason: FileErrorReason.describe(error, at: directory.path, isFolder: true))
        }
        let files = listing.filter { $0.hasSuffix(".mustache") }.sorted()
        guard files.count <= Self.maximumFileCount else {
            throw .tooManyFiles(path: directory.path, count: files.count, limit: Self.maximumFileCount)
        }
        for file in files {
            let url = directory.appendingPathComponent(file)
            let name = String(file.dropLast(".mustache".count))
            let data: Data
            do throws(InputFile.Failure) {
                data = try InputFile.read(path: url.path, limit: Self.maximumFileSize)
            } catch {
                if case .tooLarge(let bytes, let limit) = error {
                    throw .fileTooLarge(path: url.path, bytes: Int(clamping: bytes), limit: limit)
                }
                throw .unreadableFile(path: url.path, reason: error.reason)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw .unreadableFile(path: url.path, reason: "it is not UTF-8 text")
            }
            let prefix = Self.isTextTemplate(name) ? "{{% CONTENT_TYPE: TEXT}}" : ""
            do {
                library.register(try MustacheTemplate(string: prefix + text), named: name)
            } catch {
                throw .invalidTemplate(path: url.path, reason: TemplateParseFailure.describe(error, prefixLength: prefix.count))
            }
            names.append(name)
        }
        self.init(library: library, overridden: names)
    }

    /// Whether a template named `name` exists.
    package func contains(_ name: String) -> Bool {
        library.getTemplate(named: name) != nil
    }

    /// Renders the template `name` with `context`; `nil` when there is no such template.
    func render(_ name: String, context: [String: Any]) -> String? {
        library.render(context, withTemplate: name)
    }

    /// Text templates (`….title`, `….description`) render without HTML escaping.
    static func isTextTemplate(_ name: String) -> Bool {
        name.hasSuffix(".title") || name.hasSuffix(".description")
    }
}

/// Why a templates folder could not be used.
package enum SiteTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder could not be listed.
    case unreadableDirectory(path: String, reason: String)
    /// The folder holds more template files than are read.
    case tooManyFiles(path: String, count: Int, limit: Int)
    /// A template file could not be read.
    case unreadableFile(path: String, reason: String)
    /// A template file is larger than templates may be.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// A template file is not valid Mustache.
    case invalidTemplate(path: String, reason: String)

    /// A sentence naming the folder or file and what to do.
    package var description: String {
        switch self {
        case .unreadableDirectory(let path, let reason):
            return "cannot read the templates folder \(path): \(reason)"
        case .tooManyFiles(let path, let count, let limit):
            return "the templates folder \(path) holds \(count) .mustache files; at most \(limit) are read"
        case .unreadableFile(let path, let reason):
            return "cannot read the template \(path): \(reason)"
        case .fileTooLarge(let path, let bytes, let limit):
            return "the template \(path) is \(ByteSize.text(bytes)); templates may have at most \(ByteSize.text(limit))"
        case .invalidTemplate(let path, let reason):
            return "the template \(path) is not valid Mustache at \(reason); fix it, or remove the file to use ClipKit's default"
        }
    }
}

import ClipKitGeneration
import Foundation

/// What `clipkit generate swift` does: the manifest checked by the loader's rules and compiled into
/// the Swift the manifest plugin adds to a target, or every problem with its line and JSON path.
func generateSwift(manifestAt manifestURL: URL, into folder: URL) throws -> URL {
    let source = try ManifestCompiler().compile(manifestAt: manifestURL)
    let file = folder.appendingPathComponent(GeneratedFile.defaultName)   // ClipKitGenerated.swift
    _ = try GeneratedFile.write(source, to: file)                         // false when the file was already up to date
    return file
}

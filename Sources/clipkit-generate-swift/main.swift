// The generator the manifest plugin runs on every build:
//
//   clipkit-generate-swift --manifest clipkit.json --output DIR/ClipKitGenerated.swift [--configuration clipkit-plugin.json]
//
// It checks the manifest by the run-time loader's rules and writes the Swift it compiles into. Each
// problem goes to standard error as `file:line:column: error: $.path: message`, the form Xcode and
// SwiftPM show as build errors; a warning (`warning:`) goes there too (a route that can match the
// AASA file's path, a handoff type left without a Swift type), and the Swift is still written.
// Exit status: 0 written (or already up to date), 1 the manifest or the configuration has
// problems, 2 bad arguments or an output that cannot be written.
@_spi(ClipKitTooling) import ClipKitGeneration
import ClipManifestReader
import Foundation

let usage = "usage: clipkit-generate-swift --manifest FILE --output FILE [--configuration FILE]"

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard ["--manifest", "--output", "--configuration"].contains(name), options[name] == nil else {
        fail("clipkit-generate-swift: unexpected argument '\(name)'\n\(usage)", status: 2)
    }
    guard let value = arguments.popFirst() else { fail("clipkit-generate-swift: \(name) needs a value\n\(usage)", status: 2) }
    options[name] = value
}
guard let manifest = options["--manifest"], let output = options["--output"] else {
    fail("clipkit-generate-swift: --manifest and --output are required\n\(usage)", status: 2)
}

do {
    var configuration = GenerationConfiguration()
    if let file = options["--configuration"] {
        configuration = try GenerationConfiguration.load(contentsOf: URL(fileURLWithPath: file))
    }
    let compilation = try ManifestCompiler(configuration: configuration).compilation(ofManifestAt: URL(fileURLWithPath: manifest))
    for warning in compilation.warnings {
        FileHandle.standardError.write(Data((warning.description + "\n").utf8))
    }
    do {
        try GeneratedFile.write(compilation.source, to: URL(fileURLWithPath: output))
    } catch {
        fail("\(error)", status: 2)
    }
} catch {
    fail("\(error)", status: 1)
}

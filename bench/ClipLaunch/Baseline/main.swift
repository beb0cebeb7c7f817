// Launch probe, baseline: a Foundation-only process that parses the same invocation URL, prints
// its last path component and exits. bench/clip-launch.sh times the clip probes against it, so
// the difference is what ClipKit's launch work adds to starting a Swift process with Foundation.
//
// Usage: launch-probe-baseline URL
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2, let components = URLComponents(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: launch-probe-baseline URL\n".utf8))
    exit(2)
}
let segments = components.path.split(separator: "/")
print("\(components.host ?? "?"): \(segments.last ?? "") fragment: \(components.fragment?.count ?? 0) characters")
reportMemoryIfAsked()

// Launch probe, baseline with URLSession: the Foundation-only baseline plus the URL loading system,
// which ClipNostr links for its relay and NIP-05 connections. On Apple platforms URLSession is part
// of Foundation, in the system's shared cache; on Linux it is FoundationNetworking, which loads
// libcurl and its libraries when the process starts. bench/clip-launch.sh reports the RoadFlare
// probe against this one too, to tell that Linux-only start-up cost from ClipKit's own launch work.
//
// Usage: launch-probe-baseline-networking URL
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let arguments = CommandLine.arguments
guard arguments.count == 2, let components = URLComponents(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: launch-probe-baseline-networking URL\n".utf8))
    exit(2)
}
let segments = components.path.split(separator: "/")
// Names a URLSession type, so the library is linked and loaded as in the clip; nothing is connected.
print("\(components.host ?? "?"): \(segments.last ?? "") fragment: \(components.fragment?.count ?? 0) characters (\(URLSessionWebSocketTask.self))")
reportMemoryIfAsked()

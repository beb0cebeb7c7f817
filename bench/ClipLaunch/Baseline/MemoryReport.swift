import Foundation

/// With `CLIP_LAUNCH_MEMORY` set, writes the process's resident and private dirty memory to
/// standard error (`memory: Rss: … kB, Private_Dirty: … kB`, from /proc/self/smaps_rollup on
/// Linux): bench/clip-launch.sh reads it after the probe's work. Private dirty pages are what the
/// system counts against a clip's memory limit; clean pages of the binary and the shared libraries
/// are not. Every launch probe has this file (the others link to it), so the cost is alike.
func reportMemoryIfAsked() {
    #if os(Linux)
    guard getenv("CLIP_LAUNCH_MEMORY") != nil else { return }
    guard let rollup = try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8) else { return }
    let wanted = ["Rss:", "Private_Dirty:"]
    let lines = rollup.split(separator: "\n").filter { line in wanted.contains { line.hasPrefix($0) } }
    let fields = lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    FileHandle.standardError.write(Data(("memory: " + fields.joined(separator: ", ") + "\n").utf8))
    #endif
}

import ClipTestSupport
import Foundation

/// A `clipkit notify badge increment` child process, and the acknowledgements it printed.
struct IncrementingProcess {
    let child: ChildProcess

    /// Starts `count` increments against the counter in `container`.
    static func start(
        container: URL, count: Int, naive: Bool = false, startSignal: URL? = nil
    ) throws -> IncrementingProcess {
        var arguments = ["notify", "badge", "increment", "--container", container.path, "--count", String(count), "--acknowledge", "--json"]
        if naive { arguments.append("--naive") }
        if let startSignal { arguments += ["--start-signal", startSignal.path] }
        return IncrementingProcess(child: try ChildProcess(try TestEnvironment.clipkitExecutable(), arguments: arguments))
    }

    /// Every complete `ack SEQUENCE VALUE` line so far (a line cut off by a kill does not count).
    var acknowledgements: [Acknowledgement] {
        let output = child.standardOutput
        let complete = output.hasSuffix("\n") ? output : String(output[..<(output.lastIndex(of: "\n") ?? output.startIndex)])
        return complete.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "ack", let sequence = UInt64(parts[1]), let value = Int(parts[2]) else { return nil }
            return Acknowledgement(sequence: sequence, value: value)
        }
    }
}

/// One acknowledged increment: its sequence number and the count it produced.
struct Acknowledgement: Hashable {
    let sequence: UInt64
    let value: Int
}

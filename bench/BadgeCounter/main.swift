// Badge counter benchmark: increments per second from 1 and 8 processes, ClipKit's locked
// counter against the naive per-process read-modify-write, and how many increments each loses.
//
// Build and run in release mode:
//   swift build -c release --product badge-counter-benchmark
//   .build/release/badge-counter-benchmark [--increments N] [--durable-increments N] [--runs N]
//
// The program starts copies of itself as worker processes (`--worker`); each worker opens the
// counter, says it is ready, waits for a start signal file, increments in a loop and reports when
// it started and finished. Throughput is all increments over the time from the first worker's
// start to the last worker's finish, so process start-up is not counted.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--worker" {
    exit(BenchmarkWorker.run(Array(arguments.dropFirst())))
}

var options = BenchmarkOptions()
do {
    options = try BenchmarkOptions(parsing: arguments)
} catch {
    FileHandle.standardError.write(Data("badge-counter-benchmark: \(error)\n".utf8))
    exit(2)
}
exit(BenchmarkRunner(options: options).run())

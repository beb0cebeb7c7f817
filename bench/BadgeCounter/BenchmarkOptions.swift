import Foundation

/// The benchmark's settings.
struct BenchmarkOptions {
    /// Increments per scenario for the fast modes (split evenly over the processes).
    var increments = 200_000
    /// Increments per scenario when every write waits for storage.
    var durableIncrements = 2_000
    /// Runs per scenario; the table shows the median.
    var runs = 3
    /// Process counts to measure.
    var processCounts = [1, 8]

    init() {}

    init(parsing arguments: [String]) throws {
        var remaining = arguments[...]
        while let name = remaining.popFirst() {
            guard let value = remaining.popFirst(), let number = Int(value), number > 0 else {
                throw UsageError(message: "\(name) needs a positive whole number")
            }
            switch name {
            case "--increments": increments = number
            case "--durable-increments": durableIncrements = number
            case "--runs": runs = number
            default: throw UsageError(message: "unknown option \(name); use --increments, --durable-increments or --runs")
            }
        }
    }
}

/// A command-line mistake.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

import Foundation

/// Process-wide signal setup for tests that talk to other processes and sockets.
public enum BrokenPipes {
    /// Runs once: writing to a pipe or socket whose reader has gone then fails with `EPIPE`
    /// instead of killing the whole test process with `SIGPIPE`.
    private static let ignoredOnce: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Makes `SIGPIPE` ignored in this process (idempotent; the first call does the work).
    public static func ignore() {
        ignoredOnce
    }
}

/// How a command ends when it does not succeed, mapped onto the CLI's exit codes.
///
/// Exit 1 is a negative answer (no route, invalid event, findings at error level); exit 2 is bad
/// usage or unreadable input. Either way one clear line goes to standard error.
public struct CommandFailure: Error, Sendable {
    /// The process exit code: 1 or 2.
    public let exitCode: Int32
    /// One line that says what was wrong and where.
    public let message: String
    /// Whether the command already printed its JSON object (negative answers carry a result).
    public let printedResult: Bool

    /// The `error.code` of the JSON error object: `bad-input` for exit 2, `failed` otherwise.
    public var code: String { exitCode == 2 ? "bad-input" : "failed" }

    /// A negative answer whose JSON result was already printed.
    public static func negative(_ message: String) -> CommandFailure {
        CommandFailure(exitCode: 1, message: message, printedResult: true)
    }

    /// Bad usage or unreadable input; nothing was printed yet.
    public static func badInput(_ message: String) -> CommandFailure {
        CommandFailure(exitCode: 2, message: message, printedResult: false)
    }
}

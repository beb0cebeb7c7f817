/// How a command ends when it does not succeed, mapped onto the CLI's exit codes.
///
/// Exit 1 is a negative answer (no route, invalid event, findings at error level); exit 2 is bad
/// usage or unreadable input. Either way one clear line goes to standard error.
package struct CommandFailure: Error, Sendable {
    /// The process exit code: 1 or 2.
    package let exitCode: Int32
    /// One line that says what was wrong and where.
    package let message: String
    /// Whether the command already printed its JSON object (negative answers carry a result).
    package let printedResult: Bool

    /// The `error.code` of the JSON error object: `bad-input` for exit 2, `failed` otherwise.
    package var code: String { exitCode == 2 ? "bad-input" : "failed" }

    /// A negative answer whose JSON result was already printed.
    package static func negative(_ message: String) -> CommandFailure {
        CommandFailure(exitCode: 1, message: message, printedResult: true)
    }

    /// Bad usage or unreadable input; nothing was printed yet.
    package static func badInput(_ message: String) -> CommandFailure {
        CommandFailure(exitCode: 2, message: message, printedResult: false)
    }
}

/// A failure that ends a command: the message to print after `purchasekit: ` and the exit status.
struct ToolError: Error, Sendable {
    /// What to tell the person, rendered in the tool's locale.
    var message: ToolMessage
    /// The status the process exits with.
    var exitCode: ExitCode

    /// A wrong command line (exit 64); the message is followed by a pointer to `--help`.
    static func usage(_ message: ToolMessage) -> ToolError {
        ToolError(message: message, exitCode: .usage)
    }
}

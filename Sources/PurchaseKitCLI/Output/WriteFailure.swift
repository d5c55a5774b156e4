import PurchaseCore

/// The failure to write standard output that a command met while its work went on (a scenario's
/// events, a tour's steps), if it met one, for the command to report once the work has stopped.
///
/// Safe to share between the command and the tasks that print: ``error`` is guarded by a lock.
final class WriteFailure: Sendable {
    /// The failure, or `nil` while every write succeeded.
    let error = Locked<ToolError?>(nil)
}

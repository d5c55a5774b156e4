package import Dispatch
package import Foundation
import Glibc
import Testing

/// Waits for a child process's end with a limit, so a child that hangs, or an exit Foundation's
/// `Process.waitUntilExit` never notices (it has hung on some Linux set-ups), fails one test
/// instead of stopping the whole run. Install it before `run()`.
package final class ChildExit: Sendable {
    /// Longer than any child of these tests takes, soak runs included.
    package static let limit: DispatchTimeInterval = .seconds(600)

    private let ended = DispatchSemaphore(value: 0)

    package init(watching process: Process) {
        process.terminationHandler = { [ended] _ in ended.signal() }
    }

    /// Waits for the end; past `limit`, kills the child, records an issue and returns false. It
    /// may be called again: a child that ended stays ended.
    @discardableResult
    package func wait(for process: Process, limit: DispatchTimeInterval = ChildExit.limit) -> Bool {
        if ended.wait(timeout: .now() + limit) == .success {
            ended.signal()
            return true
        }
        kill(process.processIdentifier, SIGKILL)
        _ = ended.wait(timeout: .now() + .seconds(30))
        ended.signal()
        Issue.record("the child \(process.arguments ?? []) did not end within \(limit); killed")
        return false
    }
}

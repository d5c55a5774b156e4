import Foundation

/// A task executor with a thread of its own, outside Swift's cooperative pool: a task that prefers it
/// (`addTask(executorPreference:)`) runs its synchronous parts there, so a test that must block a
/// thread (a commit held until other tasks have called in) blocks this one and never a thread of
/// the pool those other tasks need. The pool has as many threads as cores; on a two-core machine
/// two such tests blocking pool threads at once left no thread for the tasks they waited for.
///
/// Jobs run one at a time, in the order they were enqueued. ``shutdown()`` ends the thread once the
/// jobs enqueued before it have run.
package final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    /// Starts the executor's thread.
    package init() {
        let thread = Thread { [self] in run() }
        thread.name = "OwnThreadExecutor"
        thread.start()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end after the jobs already enqueued.
    package func shutdown() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

import Foundation

/// The threads the server's handler tasks run on, outside Swift's cooperative pool: the handlers'
/// tasks prefer this executor, so their synchronous parts (and default actors they call) run here,
/// and a process whose pool is busy with other work (or blocked by it) still answers its requests.
///
/// Threads start when jobs arrive, up to ``maximumThreads``, and end once ``stop()`` was called and no
/// job is left; a job enqueued after that starts a thread again, which ends when it has run out of
/// jobs, so no job is ever left unrun.
///
/// Safe to share: its state is behind one condition lock.
final class HandlerExecutor: TaskExecutor, @unchecked Sendable {
    let maximumThreads: Int
    /// Called first on each thread the executor starts.
    private let threadStart: (@Sendable () -> Void)?
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var threads = 0
    private var idle = 0
    private var stopping = false

    init(maximumThreads: Int, threadStart: (@Sendable () -> Void)? = nil) {
        self.maximumThreads = max(1, maximumThreads)
        self.threadStart = threadStart
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        if idle > 0 {
            condition.signal()
        } else if threads < maximumThreads {
            threads += 1
            let thread = Thread { [self] in run() }
            thread.name = "HTTPServer handler"
            thread.start()
        }
        condition.unlock()
    }

    /// Lets the threads end once they have no job.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        threadStart?()
        while true {
            condition.lock()
            while jobs.isEmpty {
                if stopping {
                    threads -= 1
                    condition.unlock()
                    return
                }
                idle += 1
                condition.wait()
                idle -= 1
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

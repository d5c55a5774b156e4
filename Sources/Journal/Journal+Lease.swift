import CFileStatus
import Dispatch

extension Journal {
    /// The timer that lets go of the lock kept between commits once the journal is idle: its
    /// source is touched only by whoever holds the core (`draining` set), as the core is; what the
    /// tick compares, only under the journal's shared lock.
    final class LeaseTimer: @unchecked Sendable {
        var source: (any DispatchSourceTimer)?
        /// The core's operation count at the last tick (or when the timer started); read and written
        /// under the journal's shared lock by the tick.
        var operationsAtLastTick = 0
        /// The lock file's wait counter, mapped until the files close (after which no tick reads it:
        /// the tick reads it under the shared lock, only while the journal is not closed).
        var counter: UnsafeMutablePointer<UInt64>?
    }

    /// Ends an operation under the lock (see ``JournalCore/endOperation()``); when the lock is
    /// kept, makes sure the timer that lets go of it once idle runs.
    func endLockedOperation() {
        guard core.endOperation(), leaseTimer.source == nil else { return }
        let operations = core.operations
        let counter = core.mappedCounter
        shared.withLock { _ in
            leaseTimer.operationsAtLastTick = operations
            leaseTimer.counter = counter
        }
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + .milliseconds(5), repeating: .milliseconds(5), leeway: .milliseconds(2))
        source.setEventHandler { [weak self] in self?.leaseTick() }
        leaseTimer.source = source
        source.resume()
    }

    /// Every 5 ms while the lock is kept: lets go of it, and stops the timer, when no operation
    /// began since the last tick, or another process moved the wait counter and no batch runs (a
    /// running one looks at the counter itself when it ends). A busy journal is only looked at,
    /// under the shared lock, so that the tick never holds up its commits.
    func leaseTick() {
        let claimed = shared.withLock { shared -> Bool in
            guard !shared.closed, !shared.draining else { return false }
            let idle = shared.operations == leaseTimer.operationsAtLastTick
            leaseTimer.operationsAtLastTick = shared.operations
            let wanted = leaseTimer.counter.map { pk_shared_counter_load($0) != shared.waitCountSeen } ?? false
            guard idle || wanted else { return false }
            shared.draining = true
            return true
        }
        guard claimed else { return }
        core.unlock()
        leaseTimer.source?.cancel()
        leaseTimer.source = nil
        endInline(leftover: [], compactionDue: false)
    }
}

import CFileStatus
import Dispatch
import Glibc

// The lock and its lease, in one place: the exclusive `flock` on `name.lock` that serializes
// processes (shared for a read-only journal), the wait counter in the lock file through which a
// process asks for it, the core's decision to keep the lock between operations (the lease), and,
// at the end, the journal's timer that lets go of a kept lock once nothing runs.
extension JournalCore {
    /// Takes the exclusive `flock` on the lock file (shared for a read-only journal) if no other
    /// process holds it; never waits.
    ///
    /// - Returns: whether the lock is now held (also when this journal kept it, see ``endOperation()``).
    func tryLock() throws(JournalError) -> Bool {
        operations &+= 1
        if holdsLock { return true }
        if options.readOnly && lockFD < 0 {
            // A read-only journal found no lock file: it reads without the lock until there is one.
            lockFD = try SystemFile.open(lockPath, flags: O_RDONLY, missingIsNil: true) ?? -1
            if lockFD < 0 {
                tookLock()
                return true
            }
        }
        // A read-only journal shares the lock with other readers; writers take it alone.
        if flock(lockFD, (options.readOnly ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 {
            tookLock()
            return true
        }
        guard errno == EWOULDBLOCK || errno == EINTR else {
            throw SystemFile.ioError("flock", path: lockPath, errno: errno)
        }
        return false
    }

    /// Takes the `flock` on the lock file as ``tryLock()`` does, waiting at most `options.lockTimeout` (`nil`:
    /// for ever). While it waits it tries again after pauses growing to 2 ms and, with `announcing`,
    /// moves the lock file's wait counter before each try, so that a process keeping the lock
    /// between commits lets go of it at its next look. Opening does not announce: an open that
    /// fails leaves the lock file as it was.
    func lock(announcing: Bool = true) throws(JournalError) {
        if try tryLock() { return }
        let clock = ContinuousClock()
        let deadline = options.lockTimeout.map { clock.now.advanced(by: $0) }
        var pause = Duration.microseconds(20)
        while true {
            if announcing { announceWaiting() }
            if try tryLock() { return }
            let now = clock.now
            if let deadline, let timeout = options.lockTimeout, now >= deadline {
                throw JournalError(
                    .lockTimeout, path: lockPath,
                    message: "another process has held the journal's lock for more than \(timeout); "
                        + "find it (fuser \(lockPath)) or raise JournalOptions.lockTimeout")
            }
            let wait = deadline.map { min(pause, $0 - now) } ?? pause
            let micros = wait.components.seconds * 1_000_000 + wait.components.attoseconds / 1_000_000_000_000
            usleep(useconds_t(max(1, micros)))
            pause = min(pause * 2, .milliseconds(2))
        }
    }

    /// Lets go of the lock (when held), whatever the lease.
    func unlock() {
        guard holdsLock else { return }
        holdsLock = false
        upToDate = false
        _ = flock(lockFD, LOCK_UN)
    }

    /// Ends an operation done under the lock: keeps the lock for the next one (a lease) when
    /// ``JournalOptions/keepsLockBetweenCommits`` is set and no other process asked for it since
    /// this journal took it or last looked, otherwise lets go of it.
    ///
    /// A process that waited is seen by the lock file's wait counter: it moved. The lock is then
    /// let go of, and not kept again for ``contentionPause``, so that the waiting process, which
    /// polls, finds it free between this journal's commits as it did before the lease. The lock is
    /// also let go of after ``operationsPerLease`` operations in a row.
    ///
    /// - Returns: whether the lock is still held (the owner then lets go of it once idle).
    func endOperation() -> Bool {
        guard holdsLock else { return false }
        let firstMapping = mappedCounter == nil
        guard keepsLock, !isStopped, loaded, let counter = mappedCounter ?? waitCounter() else {
            unlock()
            return false
        }
        let seen = pk_shared_counter_load(counter)
        if firstMapping { waitCountSeen = seen }
        leasedOperations &+= 1
        // Let go now and then even when nobody announced: a process that does not move the counter
        // (a `flock(1)` in a script) gets the lock between two commits, as it would without the lease.
        if leasedOperations >= Self.operationsPerLease {
            unlock()
            return false
        }
        if seen != waitCountSeen {
            waitCountSeen = seen
            contendedUntil = Self.monotonicNanoseconds() &+ Self.contentionPause
            unlock()
            return false
        }
        // The clock is read only in the 10 ms after another process waited.
        if contendedUntil != 0 {
            if Self.monotonicNanoseconds() < contendedUntil {
                unlock()
                return false
            }
            contendedUntil = 0
        }
        return true
    }

    /// Counts a batch that began on the lock kept from the operation before.
    func countLeasedBatch() {
        statistics.leasedBatches += 1
    }

    /// The bytes of the lock file mapped for the wait counter (one page; the counter is its first 8).
    static var counterMappingSize: Int { 4096 }

    /// The most operations one taking of the lock serves before the lock is let go of at the end
    /// of one (and taken again by the next): a few milliseconds of back-to-back purchases.
    static var operationsPerLease: Int { 64 }

    /// How long, after seeing another process wait, the lock is let go of after every operation:
    /// 10 ms, five times the longest pause of a waiting process between two tries.
    static var contentionPause: UInt64 { 10_000_000 }

    func tookLock() {
        holdsLock = true
        upToDate = false
        leasedOperations = 0
        // Not mapped yet: mapped (and the count taken) after the first operation, so that an open
        // that fails leaves the lock file as it was.
        if let mappedCounter { waitCountSeen = pk_shared_counter_load(mappedCounter) }
    }

    /// Moves the wait counter: a process keeping the lock lets go of it at its next check.
    func announceWaiting() {
        if let counter = waitCounter() { pk_shared_counter_increment(counter) }
    }

    /// The lock file's wait counter (its first 8 bytes, mapped shared), mapping it on first use and
    /// extending an empty lock file to one allocated page first; `nil` when that fails (the lock is then let
    /// go of after every operation, as without a lease).
    func waitCounter() -> UnsafeMutablePointer<UInt64>? {
        if let mappedCounter { return mappedCounter }
        if mappingFailed || lockFD < 0 || options.readOnly { return nil }
        // Blocks are allocated first (an empty lock file is extended): a store through the mapping
        // into a hole of a full disk would kill the process with SIGBUS.
        guard posix_fallocate(lockFD, 0, off_t(Self.counterMappingSize)) == 0,
            let address = mmap(nil, Self.counterMappingSize, PROT_READ | PROT_WRITE, MAP_SHARED, lockFD, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            mappingFailed = true
            return nil
        }
        let counter = address.bindMemory(to: UInt64.self, capacity: 1)
        mappedCounter = counter
        // Mapped in the middle of an operation (by a commit that records its acknowledged end):
        // the count as of now is the one to compare at its end.
        waitCountSeen = pk_shared_counter_load(counter)
        return counter
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}

// MARK: - Letting go of a kept lock once idle

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

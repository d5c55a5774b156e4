import Synchronization

/// The one permit, process-wide, for a commit or read that may wait for an fsync to run on the
/// caller's thread (see `Journal.submit`).
///
/// Async code runs on a small pool of threads (as many as there are cores). An fsync takes a
/// hundred microseconds or more; if every journal let its callers wait for one on their own
/// thread, a busy process could have all of those threads waiting on the disk at once, and the
/// commits queued behind them could no longer meet in a group commit. With one permit, at most
/// one such thread waits on the disk; everything else goes through the journals' own queues.
enum InlineSync {
    private static let taken = Atomic<Bool>(false)

    /// Takes the permit if it is free; `true` when the caller now holds it.
    static func claim() -> Bool {
        taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    /// Gives the permit back; only its holder calls this.
    static func release() {
        taken.store(false, ordering: .releasing)
    }
}

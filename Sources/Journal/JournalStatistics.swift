/// Counters a ``Journal`` keeps since it was opened, for tests, benchmarks and monitoring.
public struct JournalStatistics: Sendable, Equatable {
    /// `perform` calls whose records were made durable and acknowledged (including those that
    /// returned no records).
    public var commits: Int = 0
    /// Records appended by this journal.
    public var recordsAppended: Int = 0
    /// Group commits: each is one write and one fsync of the log holding every record of its commits.
    public var groupCommits: Int = 0
    /// fsync (or fdatasync) calls on the log made to acknowledge commits or reads (a read syncs
    /// first when the log holds a frame that may not be durable yet).
    public var logSyncs: Int = 0
    /// Times the log was extended with zeros ahead of its frames (each extension's fsync is also
    /// counted in ``logSyncs``).
    public var logExtensions: Int = 0
    /// Group commits of ``JournalDurability/deferred`` commits only, written without an fsync of
    /// their own (each is also counted in ``groupCommits``).
    public var deferredGroupCommits: Int = 0
    /// Bytes appended to the log.
    public var bytesAppended: Int64 = 0
    /// Records applied while opening or reloading (snapshot excluded).
    public var recordsReplayed: Int = 0
    /// Records other processes committed that this journal applied when catching up.
    public var recordsCaughtUp: Int = 0
    /// Batches (commits, group commits, reads) that began on the lock this journal kept from the
    /// operation before (``JournalOptions/keepsLockBetweenCommits``): no `flock`, nothing to catch up.
    public var leasedBatches: Int = 0
    /// Times the whole state was rebuilt because another process compacted the journal.
    public var reloads: Int = 0
    /// Compactions this journal performed.
    public var compactions: Int = 0
    /// Compactions that failed (an automatic one reports nothing else; the log keeps growing and the
    /// next commit tries again).
    public var compactionFailures: Int = 0

    /// Creates zeroed counters.
    public init() {}
}

/// How a ``Journal`` behaves: compaction, locking and batching.
public struct JournalOptions: Sendable {
    /// The log size in bytes beyond which the journal compacts itself after a commit (default
    /// 64 MiB). `nil` turns automatic compaction off; ``Journal/compact()`` still works.
    public var compactionThreshold: Int64?

    /// How long to wait for the lock that serializes processes on one journal before failing
    /// with ``JournalError/Code/lockTimeout`` (default 30 seconds). `nil` waits for ever.
    public var lockTimeout: Duration?

    /// The most commits evaluated and written together in one group commit (default 1024).
    public var maximumBatchSize: Int

    /// Whether the journal keeps the lock between commits while no other process asks for it
    /// (default `true`): a commit on a kept lock takes no `flock` and has nothing to catch up with.
    /// Another journal that finds the lock taken moves a counter in the lock file while it waits;
    /// the holder lets go of the lock at the end of its current commit, or within 5 ms when idle,
    /// and then takes and releases it around every commit for 10 ms. The holder also lets go once
    /// no commit came for 5 to 12 ms, and after every 64 commits in a row, so that a process that
    /// does not move the counter (`flock(1)` in a script) still gets the lock between two commits.
    /// A process that is stopped (a debugger, `SIGSTOP`) while it keeps the lock makes the others
    /// wait until it resumes or their ``lockTimeout``. `false` takes and releases the lock around
    /// every commit. Not for journals on network file systems, whose `flock` may be emulated per
    /// process.
    public var keepsLockBetweenCommits: Bool

    /// Whether ``Journal/open(directory:name:options:)`` creates the directory and an empty
    /// journal when they do not exist (default `true`). With ``readOnly`` nothing is created: a
    /// missing journal opens as the empty state.
    public var createIfMissing: Bool

    /// Whether the journal only reads (default `false`): it opens its files without writing,
    /// creating, extending or repairing anything (a torn tail is left for the next writer and read
    /// as if cut), takes the lock shared, and refuses ``Journal/perform(_:)`` and
    /// ``Journal/compact()`` with ``JournalError/Code/readOnly``. It works on a read-only folder
    /// and on a missing one (the empty state, which catches up once a writer creates the journal),
    /// and reports damage and lost records as a writer does. It does not fsync what it reads: a
    /// commit another process wrote and was killed before syncing may show and later be lost with
    /// a machine crash.
    public var readOnly: Bool

    /// Test-only: the most payload bytes one frame holds (``LogFormat/maximumFramePayload``, 1 GiB,
    /// unless a test lowers it to see batches split into several frames).
    package var maximumFramePayload = LogFormat.maximumFramePayload

    /// Test-only hook called at each step of a compaction; a crash test makes it kill the process
    /// and a failure test makes it throw.
    package var compactionStepHook: (@Sendable (CompactionStep) throws -> Void)?

    /// Creates options; every parameter has the documented default.
    public init(
        compactionThreshold: Int64? = 64 << 20,
        lockTimeout: Duration? = .seconds(30),
        maximumBatchSize: Int = 1024,
        createIfMissing: Bool = true,
        keepsLockBetweenCommits: Bool = true,
        readOnly: Bool = false
    ) {
        self.compactionThreshold = compactionThreshold
        self.lockTimeout = lockTimeout
        self.maximumBatchSize = max(1, maximumBatchSize)
        self.createIfMissing = createIfMissing
        self.keepsLockBetweenCommits = keepsLockBetweenCommits
        self.readOnly = readOnly
    }
}

/// The points of a compaction at which a test may crash or fail it.
package enum CompactionStep: String, Sendable, CaseIterable {
    /// The snapshot bytes are computed; nothing is written yet.
    case willWriteSnapshot
    /// The temporary snapshot file is written but not yet synced.
    case didWriteSnapshotTemp
    /// The temporary snapshot file is synced and the retirement mark written at the log's end (a
    /// preallocated log), but the snapshot is not yet renamed.
    case didSyncSnapshotTemp
    /// The snapshot replaced the old one; the directory is not yet synced.
    case didRenameSnapshot
    /// The directory is synced; the old log is still in place.
    case didSyncDirectoryAfterSnapshot
    /// The new empty log is written to its temporary file.
    case didWriteLogTemp
    /// The new empty log replaced the old one; the directory is not yet synced.
    case didRenameLog
    /// Everything is done.
    case didFinish
}

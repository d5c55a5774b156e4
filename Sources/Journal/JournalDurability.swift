/// When a commit made by ``Journal/perform(durability:_:)`` is on disk.
public enum JournalDurability: Sendable, Hashable {
    /// The commit's records are fsynced before `perform` returns (the default).
    case synced

    /// The commit's records are written to the log (`pwrite`) before `perform` returns, but may not
    /// be fsynced yet. They become durable with the next synced commit of this journal or of any
    /// other process on the same files, before any read (``Journal/currentState()``) returns, at
    /// the next compaction, and at ``Journal/close()``. A crash of the process alone (SIGKILL)
    /// loses nothing, since the page cache keeps the bytes; a crash of the machine before they are
    /// synced loses the commit, and everything committed after it, as if it never happened.
    ///
    /// Use it only for a commit whose effects nobody outside the process relies on until a later
    /// synced commit: the journal itself never acknowledges anything on top of a deferred commit
    /// (a synced commit's fsync covers every earlier byte of the log, and other processes fsync
    /// what they read before acknowledging anything that depends on it). At most one deferred
    /// group commit is ever unsynced: a deferred batch that finds the log not fully synced is
    /// synced like any other, so a crash can only damage the last frame, which opening cuts.
    case deferred
}

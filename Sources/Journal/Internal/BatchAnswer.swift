/// What one request of a batch asks for.
enum JournalRequestKind {
    /// Run a body on the up-to-date state and commit its records with this durability.
    case commit(JournalDurability)
    /// Deliver the up-to-date state.
    case observe
    /// Compact after the batch.
    case compact
}

/// What the journal's one batch function (`Journal.runBatch`) tells the requests it runs, through
/// its caller: the queue's requests (``RequestBatch``), or a single commit made straight from
/// `perform` on its caller's thread, which keeps its answer in local variables and needs no
/// request, continuation or closure of its own.
///
/// A commit whose body ran is answered after the write unless the batch tells ``refused(_:_:)``
/// right after its body (then it is answered now). For each read or compaction the batch reaches
/// it tells ``held(_:)``. Then, once, it tells ``committed(failure:)``, and ``read(_:)`` when it
/// held a read, ``compacted(failure:)`` when it held a compaction. A batch that could not begin
/// tells ``notBegun(_:)`` alone, and no body ran.
enum BatchAnswer<State: JournalState> {
    /// Request `index`, a read or a compaction, is answered after the write.
    case held(Int)
    /// Commit `index`, whose body just ran, is answered now with the error: none of its records is
    /// written (too many bytes, or a record the state rejected).
    case refused(Int, JournalError)
    /// Every commit held is answered: with `failure`, or, for `nil`, with its body's result (its
    /// records are written, and durable unless the batch was deferred). A body that threw answers
    /// with its own error either way.
    case committed(failure: JournalError?)
    /// Every read held is answered with the result.
    case read(Result<State, JournalError>)
    /// Every compaction held is answered with `failure` (`nil`: it succeeded).
    case compacted(failure: JournalError?)
    /// Every request is answered with the error: the batch could not begin, and no body ran.
    case notBegun(JournalError)
}

/// What one request of a batch asks for.
enum JournalRequestKind {
    /// Run a body on the up-to-date state and commit its records with this durability.
    case commit(JournalDurability)
    /// Deliver the up-to-date state.
    case observe
    /// Compact after the batch.
    case compact
}

/// The requests of one batch, as the journal's one batch function (`Journal.runBatch`) walks them
/// and answers them: the writer's queued requests (``RequestBatch``), or a single commit made
/// straight from `perform` on its caller's thread (``SingleCommit``), which needs no request,
/// continuation or closure of its own.
///
/// The batch function calls, for each request it reaches in order, ``kind(at:)``, then for a commit
/// ``evaluate(at:on:)`` followed by ``hold(at:)`` (its answer waits for the write) or
/// ``refuse(at:with:)`` (it is answered now), for a read or a compaction ``hold(at:)``. After the
/// write it calls ``answerCommits(failure:)`` once, ``answerReads(with:)`` when it held a read and
/// ``answerCompactions(failure:)`` when it held a compaction. When the batch could not begin it
/// calls ``failAll(with:)`` instead of all of these.
protocol JournalBatch<State> {
    associatedtype State: JournalState

    /// How many requests the batch holds.
    var count: Int { get }

    /// What request `index` asks for.
    func kind(at index: Int) -> JournalRequestKind

    /// Runs the body of commit `index` on `state` (lent by the core for the call).
    ///
    /// - Returns: the records to commit, or `nil` when the body threw: the commit is then answered
    ///   with the body's error whatever the batch's outcome.
    mutating func evaluate(at index: Int, on state: State) -> [State.Record]?

    /// Keeps request `index` to answer after the write: a commit just evaluated, a read or a compaction.
    mutating func hold(at index: Int)

    /// Answers commit `index`, just evaluated, with `error` now: none of its records is written.
    mutating func refuse(at index: Int, with error: JournalError)

    /// Answers every commit held: with `failure`, or, for `nil`, with its body's result (its records
    /// are written, and durable unless the batch was deferred).
    mutating func answerCommits(failure: JournalError?)

    /// Answers every read held with `result`.
    mutating func answerReads(with result: Result<State, JournalError>)

    /// Answers every compaction held with `failure` (`nil`: it succeeded).
    mutating func answerCompactions(failure: JournalError?)

    /// Answers every request with `error`: the batch could not begin, and no body ran.
    mutating func failAll(with error: JournalError)
}

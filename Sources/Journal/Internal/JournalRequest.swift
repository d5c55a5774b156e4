import Foundation

/// What a body produced for one commit, and how to tell its caller the outcome.
struct CommitEvaluation<Record: Sendable>: Sendable {
    /// The records to append, or `nil` when the body threw (the commit then changes nothing).
    var records: [Record]?
    /// Resumes the caller: `nil` for success once the records are durable, or the failure.
    var complete: @Sendable (JournalError?) -> Void
}

/// One piece of work queued for the journal's writer.
enum JournalRequest<State: JournalState>: Sendable {
    /// Run a body on the up-to-date state and commit its records.
    case commit(
        evaluate: @Sendable (State) -> CommitEvaluation<State.Record>, durability: JournalDurability,
        fail: @Sendable (JournalError) -> Void)
    /// Deliver the up-to-date state after catching up.
    case observe(@Sendable (Result<State, JournalError>) -> Void)
    /// Compact after this batch.
    case compact(@Sendable (JournalError?) -> Void)

    /// What the request asks for.
    var kind: JournalRequestKind {
        switch self {
        case .commit(_, let durability, _): .commit(durability)
        case .observe: .observe
        case .compact: .compact
        }
    }

    func fail(_ error: JournalError) {
        switch self {
        case .commit(_, _, let fail): fail(error)
        case .observe(let deliver): deliver(.failure(error))
        case .compact(let complete): complete(error)
        }
    }
}

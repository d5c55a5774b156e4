import Foundation
import Journal

/// Where the ledger's records go: its own journal (`<folder>/ledger.log`), or the ledger stream of
/// the journal it shares with the file store (``PurchaseJournal``).
enum LedgerJournal: Sendable {
    case own(Journal<LedgerState>)
    case shared(PurchaseJournal)

    func perform<R: Sendable>(_ body: @escaping @Sendable (LedgerState) throws -> ([LedgerRecord], R)) async throws
        -> R
    {
        switch self {
        case .own(let journal):
            return try await journal.perform { state in try body(state) }
        case .shared(let journal):
            return try await journal.perform(durability: .synced) { state in
                let (records, result) = try body(state.ledger)
                return (
                    records: PurchaseJournalState.Record.wrapping(consume records, in: { .ledger($0) }), result: result
                )
            }
        }
    }

    func currentState() async throws(JournalError) -> LedgerState {
        switch self {
        case .own(let journal): try await journal.currentState()
        case .shared(let journal): try await journal.journal.currentState().ledger
        }
    }

    var recoveries: [JournalRecovery] {
        switch self {
        case .own(let journal): journal.recoveries
        case .shared(let journal): journal.recoveries
        }
    }

    func compact() async throws(JournalError) {
        switch self {
        case .own(let journal): try await journal.compact()
        case .shared(let journal): try await journal.journal.compact()
        }
    }

    func close() {
        switch self {
        case .own(let journal): journal.close()
        case .shared(let journal):
            journal.detachLedger()
            journal.close()
        }
    }
}

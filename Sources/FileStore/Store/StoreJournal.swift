import Foundation
import Journal

/// Where the file store's records go: its own journal (`<folder>/store.log`), or the store stream
/// of the journal it shares with the ledger (``PurchaseJournal``).
enum StoreJournal: Sendable {
    case own(Journal<FileStoreState>)
    case shared(PurchaseJournal)

    /// Whether a charge may be written deferred: only in a shared journal with a ledger attached,
    /// whose delivery commit (appended after the charge, and synced) then makes the charge durable.
    var defersCharges: Bool {
        if case .shared(let journal) = self { return journal.hasLedger }
        return false
    }

    func perform<R: Sendable>(
        durability: JournalDurability, _ body: @escaping @Sendable (FileStoreState) throws -> ([StoreRecord], R)
    ) async throws -> R {
        switch self {
        case .own(let journal):
            return try await journal.perform(durability: durability) { state in try body(state) }
        case .shared(let journal):
            return try await journal.perform(durability: durability) { state in
                let (records, result) = try body(state.store)
                return (
                    records: PurchaseJournalState.Record.wrapping(consume records, in: { .store($0) }), result: result
                )
            }
        }
    }

    func currentState() async throws(JournalError) -> FileStoreState {
        switch self {
        case .own(let journal): try await journal.currentState()
        case .shared(let journal): try await journal.journal.currentState().store
        }
    }

    var recoveries: [JournalRecovery] {
        switch self {
        case .own(let journal): journal.recoveries
        case .shared(let journal): journal.recoveries
        }
    }

    func close() {
        switch self {
        case .own(let journal): journal.close()
        case .shared(let journal): journal.close()
        }
    }
}

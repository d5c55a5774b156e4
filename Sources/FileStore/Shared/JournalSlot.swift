import Foundation
import Journal

/// A state that is one stream of the shared journal (``PurchaseJournalState``): the file store's or
/// the ledger's.
protocol SharedJournalStream: JournalState {
    /// This stream's state inside the shared journal's.
    static func stream(of state: PurchaseJournalState) -> Self

    /// This stream's records as records of the shared log, in order (moved, not copied).
    static func wrap(_ records: consuming [Record]) -> [PurchaseJournalState.Record]
}

extension FileStoreState: SharedJournalStream {
    static func stream(of state: PurchaseJournalState) -> FileStoreState { state.store }

    static func wrap(_ records: consuming [StoreRecord]) -> [PurchaseJournalState.Record] {
        PurchaseJournalState.Record.wrapping(records, in: { .store($0) })
    }
}

extension LedgerState: SharedJournalStream {
    static func stream(of state: PurchaseJournalState) -> LedgerState { state.ledger }

    static func wrap(_ records: consuming [LedgerRecord]) -> [PurchaseJournalState.Record] {
        PurchaseJournalState.Record.wrapping(records, in: { .ledger($0) })
    }
}

/// Where the file store's or the ledger's records go: a journal of its own in a folder
/// (`store.log`, `ledger.log`), or its stream of the journal the two share (``PurchaseJournal``).
enum JournalSlot<Stream: SharedJournalStream>: Sendable {
    case own(Journal<Stream>)
    case shared(PurchaseJournal)

    /// Runs `body` on the stream's up-to-date state and commits the records it returns.
    func perform<R: Sendable>(
        durability: JournalDurability = .synced,
        _ body: @escaping @Sendable (Stream) throws -> ([Stream.Record], R)
    ) async throws -> R {
        switch self {
        case .own(let journal):
            return try await journal.perform(durability: durability) { state in try body(state) }
        case .shared(let journal):
            return try await journal.perform(durability: durability) { state in
                let (records, result) = try body(Stream.stream(of: state))
                return (records: Stream.wrap(consume records), result: result)
            }
        }
    }

    /// The stream's state with every commit made so far by any process.
    func currentState() async throws(JournalError) -> Stream {
        switch self {
        case .own(let journal): try await journal.currentState()
        case .shared(let journal): Stream.stream(of: try await journal.journal.currentState())
        }
    }

    /// Torn tails the journal cut when it opened; empty normally.
    var recoveries: [JournalRecovery] {
        switch self {
        case .own(let journal): journal.recoveries
        case .shared(let journal): journal.recoveries
        }
    }

    /// Writes a snapshot and starts a new log (the shared journal's, both streams in it).
    func compact() async throws(JournalError) {
        switch self {
        case .own(let journal): try await journal.compact()
        case .shared(let journal): try await journal.journal.compact()
        }
    }

    /// Closes its own journal, or gives back its reference to the shared one.
    func close() {
        switch self {
        case .own(let journal): journal.close()
        case .shared(let journal): journal.close()
        }
    }
}

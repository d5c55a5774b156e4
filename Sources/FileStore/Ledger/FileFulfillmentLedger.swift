public import Foundation
public import Journal
public import PurchaseCore

/// A fulfillment ledger on a durable ``Journal``: deliveries survive crashes and are recorded exactly
/// once across every process sharing the folder.
///
/// The journal lives in ``directory`` (by default `<state folder>/ledger/ledger.log`); the record
/// format is described in this module's README.md.
///
/// Guarantees:
/// - ``recordDelivery(_:)`` is a check-and-insert inside one journal commit, which holds the
///   cross-process lock after catching up with the other processes: exactly one caller, in any
///   process, gets `true` for a transaction.
/// - ``spend(_:quantity:)`` checks the balance and records the spend in one commit, so balances never
///   go below zero through spending, whatever runs concurrently.
/// - Every call that returns has made its change durable (fsync); one that throws changed nothing.
/// - ``contents()`` reflects every commit made so far by any process.
public final class FileFulfillmentLedger: FulfillmentLedger {
    /// The folder holding the ledger's journal.
    public let directory: URL
    private let journal: Journal<LedgerState>

    /// Opens (or creates) the ledger in `directory`.
    ///
    /// - Throws: ``PurchaseError/Code/ledgerIOFailed`` with the ``JournalError`` (file and byte
    ///   offset for corruption) as the underlying error.
    public init(directory: URL, options: JournalOptions = JournalOptions()) throws(PurchaseError) {
        self.directory = directory
        do {
            journal = try Journal<LedgerState>.open(directory: directory, name: "ledger", options: options)
        } catch {
            throw PurchaseError(journal: error, what: "the fulfillment ledger cannot open its journal")
        }
    }

    /// Opens the ledger of a deployment's state folder: `<stateDirectory>/ledger/`.
    public convenience init(stateDirectory: URL, options: JournalOptions = JournalOptions()) throws(PurchaseError) {
        try self.init(directory: stateDirectory.appendingPathComponent("ledger", isDirectory: true), options: options)
    }

    /// Closes the journal; later calls fail with ``PurchaseError/Code/ledgerIOFailed``.
    public func close() {
        journal.close()
    }

    /// Torn tails the journal cut when it opened; empty normally.
    public var recoveries: [JournalRecovery] { journal.recoveries }

    /// Records a delivery unless one with the same transaction identifier exists (atomically, across processes).
    public func recordDelivery(_ delivery: Delivery) async throws -> Bool {
        let record = LedgerRecord.delivery(delivery).data
        return try await perform("the ledger cannot record a delivery") { state in
            state.delivery(for: delivery.transactionID) == nil ? ([record], true) : ([], false)
        }
    }

    /// The delivery recorded for a transaction, or `nil`.
    public func delivery(for transactionID: TransactionID) async throws -> Delivery? {
        try await read { $0.delivery(for: transactionID) }
    }

    /// Records that the provider finished the transaction; idempotent (no write when already recorded).
    public func markFinished(_ transactionID: TransactionID) async throws {
        if try await read({ $0.contents.finished.contains(transactionID) }) { return }
        let record = LedgerRecord.finished(transactionID).data
        try await perform("the ledger cannot record a finished transaction") { state in
            (state.contents.finished.contains(transactionID) ? [] : [record], ())
        }
    }

    /// Records that the store took a delivered purchase back; idempotent.
    public func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        let record = LedgerRecord.revocation(transactionID, date).data
        return try await perform("the ledger cannot record a revocation") { state in
            guard state.delivery(for: transactionID) != nil, state.contents.revocations[transactionID] == nil else {
                return ([], false)
            }
            return ([record], true)
        }
    }

    /// Takes `quantity` units from a balance, refusing to go below zero.
    public func spend(_ balance: String, quantity: Int) async throws -> Int {
        guard quantity > 0 else {
            throw PurchaseError(.clientInvalid, detail: "spend quantity must be positive, got \(quantity)")
        }
        let record = LedgerRecord.spend(balance, quantity).data
        return try await perform("the ledger cannot record a spend") { state in
            let available = state.balances[balance, default: 0]
            guard available >= quantity else {
                throw PurchaseError(.insufficientBalance, detail: "\(balance): have \(available), need \(quantity)")
            }
            return ([record], available - quantity)
        }
    }

    /// Everything the ledger holds, after catching up with every process.
    public func contents() async throws -> LedgerContents {
        try await read { $0.contents }
    }

    /// The balances, kept up to date record by record (equal to ``LedgerContents/balances``).
    public func balances() async throws -> [String: Int] {
        try await read { $0.balances.filter { $0.value != 0 } }
    }

    /// Writes a snapshot and starts a new log (see ``Journal/compact()``).
    public func compact() async throws(PurchaseError) {
        do {
            try await journal.compact()
        } catch {
            throw PurchaseError(journal: error, what: "the ledger cannot compact its journal")
        }
    }

    private func read<R: Sendable>(_ body: @Sendable (LedgerState) -> R) async throws(PurchaseError) -> R {
        do {
            return body(try await journal.currentState())
        } catch {
            throw PurchaseError(journal: error, what: "the ledger cannot read its journal")
        }
    }

    private func perform<R: Sendable>(
        _ what: String, _ body: @escaping @Sendable (LedgerState) throws -> ([Data], R)
    ) async throws(PurchaseError) -> R {
        do {
            return try await journal.perform { state in
                let (records, result) = try body(state)
                return (records: records, result: result)
            }
        } catch {
            throw PurchaseError.from(error, what: what)
        }
    }
}

public import Foundation
public import Journal
public import PurchaseCore

/// A fulfillment ledger on a durable `Journal`: deliveries survive crashes and are recorded exactly
/// once across every process sharing the folder.
///
/// In a deployment it shares the state folder's ``PurchaseJournal`` with the file store
/// (`<state folder>/purchases.log`), so that a purchase costs one fsync; with the `Folder` setting,
/// or opened with ``init(directory:options:)``, it has its own journal (`<folder>/ledger.log`). The
/// record format is described in this module's README.md.
///
/// Guarantees:
/// - ``recordDelivery(_:)`` is a check-and-insert inside one journal commit, which holds the
///   cross-process lock after catching up with the other processes: exactly one caller, in any
///   process, gets `true` for a transaction.
/// - ``spend(_:quantity:account:)`` checks the account's balance and records the spend in one
///   commit, so balances never go below zero through spending, whatever runs concurrently.
/// - It holds many accounts (`Delivery.appAccountToken`; `nil` the default account, the only one
///   of a journal written before accounts, which reads as it was): balances and spends are per
///   account, and a transaction is delivered to one account only.
/// - ``recordExpiration(_:at:)`` checks the delivery and writes the earlier end in one commit, so a
///   delivery's end only ever moves earlier and exactly one caller gets `true` for a given change.
/// - Every call that returns has made its change durable (fsync), together with everything written
///   before it in its journal (a file store's deferred charge included), except
///   ``markFinished(_:)``: that mark (kept for history only) is written with the next commit or by
///   ``flush()``, which `PurchaseDeployment.close()` calls. A call that throws changed nothing.
/// - ``contents()`` reflects every commit made so far by any process.
public final class FileFulfillmentLedger: FulfillmentLedger {
    /// The folder holding the ledger's journal.
    public let directory: URL
    private let journal: JournalSlot<LedgerState>
    private let closed = Locked(false)
    /// Finished marks not yet written: they ride along with the next commit or ``flush()``.
    private let deferredFinished = Locked<Set<TransactionID>>([])

    /// Opens (or creates) a ledger with its own journal, `ledger.log`, in `directory`.
    ///
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` with the `JournalError` (file and byte
    ///   offset for corruption) as the underlying error.
    public init(directory: URL, options: JournalOptions = JournalOptions()) throws(PurchaseError) {
        self.directory = directory
        do {
            journal = .own(try Journal<LedgerState>.open(directory: directory, name: "ledger", options: options))
        } catch {
            throw PurchaseError(journal: error, what: "the fulfillment ledger cannot open its journal")
        }
    }

    /// Opens the ledger in the journal it shares with a file store; the file store then writes its
    /// charges deferred (see ``PurchaseJournal``). Takes one reference to `journal`, given back by
    /// `close()`.
    ///
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` when `journal` is closed.
    public init(journal: PurchaseJournal) throws(PurchaseError) {
        try journal.retain()
        self.directory = journal.directory
        self.journal = .shared(journal)
        journal.attachLedger()
    }

    /// Opens the ledger of a state folder, in its journal `<stateDirectory>/purchases.log` (a
    /// ``PurchaseJournal`` of its own: to share one instance with a file store, and save its fsync,
    /// open the journal and use ``init(journal:)``).
    ///
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` with the `JournalError` (file and byte offset
    ///   for corruption) as the underlying error.
    public convenience init(stateDirectory: URL, options: JournalOptions = JournalOptions()) throws(PurchaseError) {
        let journal = try PurchaseJournal.open(stateDirectory: stateDirectory, options: options)
        defer { journal.close() }
        try self.init(journal: journal)
    }

    /// The kind the ledger registers under.
    public static let kind: LedgerKind = .file

    /// Every setting key the `file` ledger reads: `Folder` (a string: the ledger's own folder,
    /// relative to the state folder, or absolute; without it the ledger shares the state folder's
    /// journal with the file store).
    public static let settingKeys = ["Folder"]

    /// Builds the ledger a deployment's `Ledger` entry describes (the registry's factory for
    /// `file`): in the state folder's journal the deployment shares with the file store
    /// (``PurchaseJournal/shared(in:stateDirectory:options:)``, with the `JournalOptions` the
    /// deployment supplies, if any), or with `Folder`, in a journal of its own there.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for an unusable `Folder`;
    ///   `PurchaseError.Code.ledgerIOFailed` when the journal cannot be opened.
    public convenience init(context: LedgerContext) throws(PurchaseError) {
        var options = context.resources.value(JournalOptions.self) ?? JournalOptions()
        if context.readOnly { options.readOnly = true }
        if let folder = try Self.folder(context.configuration.settings) {
            let directory =
                folder.hasPrefix("/")
                ? URL(fileURLWithPath: folder, isDirectory: true)
                : context.stateDirectory.appendingPathComponent(folder, isDirectory: true)
            try self.init(directory: directory, options: options)
            return
        }
        let shared = try PurchaseJournal.shared(
            in: context.resources, stateDirectory: context.stateDirectory, options: options)
        try self.init(journal: shared)
    }

    /// Registers the ledger under ``kind`` in `registry`, with the check of its settings.
    public static func register(in registry: inout ProviderRegistry) {
        registry.registerLedger(kind, settingKeys: settingKeys, checkingSettings: { _ = try folder($0) }) { context in
            try FileFulfillmentLedger(context: context)
        }
    }

    /// The `Folder` setting, if given.
    private static func folder(_ settings: [String: SettingValue]) throws(PurchaseError) -> String? {
        guard let value = settings["Folder"] else { return nil }
        guard let folder = value.stringValue, !folder.isEmpty else {
            throw ProviderSettingError(ledger: kind, key: "Folder", expected: .nonEmptyString).purchaseError
        }
        return folder
    }

    /// Closes the journal (or gives back this ledger's reference to a shared one); later calls fail
    /// with `PurchaseError.Code.ledgerIOFailed`. Call ``flush()`` first to keep deferred finished marks.
    public func close() {
        closeJournal()
    }

    /// `close()` from async code (the lifecycle a deployment calls): the same, at once.
    public func close() async {
        closeJournal()
    }

    private func closeJournal() {
        let first = closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        if case .shared(let shared) = journal { shared.detachLedger() }
        journal.close()
    }

    /// Torn tails the journal cut when it opened; empty normally.
    public var recoveries: [JournalRecovery] { journal.recoveries }

    /// Records a delivery unless one with the same transaction identifier or the same
    /// `Delivery.fulfillmentKey` exists (atomically, across processes).
    public func recordDelivery(_ delivery: Delivery) async throws -> Bool {
        // The body holds the record and the identifiers, not another copy of the delivery.
        let (record, transactionID, key) = (
            LedgerRecord.delivery(delivery), delivery.transactionID, delivery.fulfillmentKey
        )
        let (credits, productID, account) = (delivery.credits, delivery.productID, delivery.appAccountToken)
        return try await perform("the ledger cannot record a delivery") { state in
            guard !state.isDelivered(transactionID, fulfilling: key) else { return ([], false) }
            if let name = state.overflowingBalance(adding: credits, account: account) {
                throw PurchaseError(
                    .paymentInvalid, detail: "balance '\(name)' cannot hold the units this delivery credits",
                    productID: productID)
            }
            return ([record], true)
        }
    }

    /// The delivery recorded for a transaction, or `nil`.
    public func delivery(for transactionID: TransactionID) async throws -> Delivery? {
        try await read { $0.delivery(for: transactionID) }
    }

    /// Records that the provider finished the transaction; idempotent. The mark is written with
    /// the next commit or ``flush()``.
    public func markFinished(_ transactionID: TransactionID) async throws {
        deferredFinished.withLock { _ = $0.insert(transactionID) }
    }

    /// Writes the finished marks ``markFinished(_:)`` deferred, durably.
    public func flush() async throws(PurchaseError) {
        guard deferredFinished.withLock({ !$0.isEmpty }) else { return }
        try await perform("the ledger cannot record finished transactions") { _ in ([], ()) }
    }

    /// Records that the store took a delivered purchase back; idempotent.
    public func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        let record = LedgerRecord.revocation(transactionID, date)
        return try await perform("the ledger cannot record a revocation") { state in
            guard state.delivery(for: transactionID) != nil, state.contents.revocations[transactionID] == nil else {
                return ([], false)
            }
            return ([record], true)
        }
    }

    /// Records that the store refunded a delivered consumable, with the payout taken back from the
    /// running balances (a check-and-record inside one commit, across processes); idempotent.
    public func recordRevocation(
        _ transactionID: TransactionID, at date: Date, refundedConsumables treatment: RefundedConsumables
    ) async throws -> RevokedPayout? {
        try await perform("the ledger cannot record a refund") { state in
            guard let delivery = state.delivery(for: transactionID), state.contents.revocations[transactionID] == nil
            else { return ([], nil) }
            let payout = RevokedPayout(
                revoking: delivery.credits, from: state.balances(for: delivery.appAccountToken), treatment: treatment)
            return ([.refund(transactionID, date, treatment, debited: payout.debited)], payout)
        }
    }

    /// Records that a delivered transaction now ends at `date`, when that is earlier than it ended
    /// (a check-and-record inside one commit, across processes); idempotent.
    public func recordExpiration(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
        let record = LedgerRecord.expiration(transactionID, date)
        return try await perform("the ledger cannot record an expiration") { state in
            guard let delivery = state.delivery(for: transactionID), state.contents.endsLater(delivery, than: date)
            else { return ([], false) }
            return ([record], true)
        }
    }

    /// Takes `quantity` units from a balance of one account (`nil`: the default account), refusing
    /// to go below zero.
    public func spend(_ balance: String, quantity: Int, account: UUID?) async throws -> Int {
        guard quantity > 0 else {
            throw PurchaseError(.clientInvalid, detail: "spend quantity must be positive, got \(quantity)")
        }
        let record = LedgerRecord.spend(balance, quantity, account: account)
        return try await perform("the ledger cannot record a spend") { state in
            let available = state.balances(for: account)[balance, default: 0]
            guard available >= quantity else {
                throw PurchaseError(.insufficientBalance, detail: "\(balance): have \(available), need \(quantity)")
            }
            return ([record], available - quantity)
        }
    }

    /// Everything the ledger holds, after catching up with every process.
    public func contents() async throws -> LedgerContents {
        var contents = try await read { $0.contents }
        contents.finished.formUnion(deferredFinished.withLock { $0 })
        return contents
    }

    /// What one account holds, after catching up with every process: read from the per-account
    /// index of the deliveries that grant something, with the account's running balances.
    public func holdings(for account: UUID?) async throws -> LedgerContents {
        try await read { $0.holdings(for: account) }
    }

    /// The balances of one account (`nil`, the default: the default account), kept up to date
    /// record by record (equal to `LedgerContents.balances(for:)`).
    public func balances(for account: UUID? = nil) async throws -> [String: Int] {
        try await read { $0.balances(for: account).filter { $0.value != 0 } }
    }

    /// Writes a snapshot and starts a new log (see `Journal.compact()`).
    public func compact() async throws(PurchaseError) {
        do {
            try await journal.compact()
        } catch {
            throw PurchaseError(journal: error, what: "the ledger cannot compact its journal")
        }
    }

    func read<R: Sendable>(_ body: @Sendable (LedgerState) -> R) async throws(PurchaseError) -> R {
        do throws(JournalError) {
            guard !closed.withLock({ $0 }) else { throw closedError }
            return body(try await journal.currentState())
        } catch {
            throw PurchaseError(journal: error, what: "the ledger cannot read its journal")
        }
    }

    private var closedError: JournalError {
        JournalError(.closed, path: directory.path, message: "the ledger is closed; open it again to use it")
    }

    func perform<R: Sendable>(
        _ what: String, _ body: @escaping @Sendable (LedgerState) throws -> ([LedgerRecord], R)
    ) async throws(PurchaseError) -> R {
        do {
            guard !closed.withLock({ $0 }) else { throw closedError }
            return try await journal.perform { state in
                let finished = self.deferredFinished.withLock { pending in
                    defer { pending = [] }
                    return pending
                }
                do {
                    var (records, result) = try body(state)
                    if finished.isEmpty { return (records: records, result: result) }
                    // The marks not written yet, in order, before the body's records (inserted
                    // into the body's array: its records move along instead of being copied).
                    var position = 0
                    finished.forEachInOrder(by: <) { id in
                        guard !state.contents.finished.contains(id) else { return }
                        records.insert(.finished(id), at: position)
                        position += 1
                    }
                    return (records: records, result: result)
                } catch {
                    self.deferredFinished.withLock { $0.formUnion(finished) }
                    throw error
                }
            }
        } catch {
            throw PurchaseError.from(error, what: what)
        }
    }
}

public import Foundation
public import Journal
public import PurchaseCore

/// The one journal a deployment's file store and fulfillment ledger share:
/// `<state folder>/purchases.log` (with `purchases.snapshot` and `purchases.lock`).
///
/// Sharing one log is what makes a purchase cost one fsync: the store's charge is written
/// deferred (`JournalDurability.deferred`) and the ledger's delivery, appended after it to the
/// same file, is fsynced, which makes both durable at once. A crash of the machine before that fsync
/// loses both: no delivery was acknowledged and nobody was told "purchased".
///
/// Guarantees:
/// - A deployment opens it once, as a resource it shares (``shared(in:stateDirectory:options:)``),
///   and hands the same instance to the file store and the file ledger; code without a deployment
///   opens it with ``open(stateDirectory:options:)`` and passes it to both
///   (``FileStoreProvider/init(catalog:settings:journal:clock:)``, ``FileFulfillmentLedger/init(journal:)``).
///   Two instances on one folder (two deployments, two processes) stay correct, serialized by the
///   journal's lock; only one instance saves the second fsync.
/// - Each user takes a reference (the opener holds the first) and gives it back with ``close()``;
///   the files close with the last.
/// - The file store defers its charges only while a ``FileFulfillmentLedger`` is attached to this
///   journal (``FileFulfillmentLedger/init(journal:)``): otherwise every commit is synced, so the store stays
///   correct with any other ledger.
public final class PurchaseJournal: SharedDeploymentResource {
    /// The journal's name: its files are `purchases.log`, `purchases.snapshot`, `purchases.lock`.
    public static let name = "purchases"

    /// The state folder holding the journal's files.
    public let directory: URL
    /// Whether the journal was opened read-only (`JournalOptions.readOnly`): it writes nothing, and
    /// the store's and the ledger's changes fail with `PurchaseError.Code.ledgerIOFailed`.
    public let readOnly: Bool
    let journal: Journal<PurchaseJournalState>
    private let usage = Locked(Usage())

    private struct Usage {
        var references = 1
        var ledgers = 0
    }

    private init(directory: URL, journal: Journal<PurchaseJournalState>, readOnly: Bool) {
        self.directory = directory
        self.readOnly = readOnly
        self.journal = journal
    }

    /// Opens (or creates) the shared journal of `stateDirectory`; the caller holds its first
    /// reference.
    ///
    /// - Parameters:
    ///   - stateDirectory: the deployment's state folder.
    ///   - options: the journal's options.
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` with the `JournalError` (file and byte
    ///   offset for corruption) as the underlying error.
    public static func open(stateDirectory: URL, options: JournalOptions = JournalOptions()) throws(PurchaseError)
        -> PurchaseJournal
    {
        let journal: Journal<PurchaseJournalState>
        do {
            journal = try Journal<PurchaseJournalState>.open(directory: stateDirectory, name: name, options: options)
        } catch {
            throw PurchaseError.from(error, what: "the state folder's purchase journal cannot be opened")
        }
        return PurchaseJournal(directory: stateDirectory, journal: journal, readOnly: options.readOnly)
    }

    /// The journal of `stateDirectory` a deployment shares among its plug-ins: opened by the first
    /// plug-in that asks (with `options`, read-only when asked so), the same instance for every
    /// other; the deployment gives its reference back when it closes its resources.
    ///
    /// - Throws: as ``open(stateDirectory:options:)``.
    public static func shared(in resources: DeploymentResources, stateDirectory: URL, options: JournalOptions)
        throws(PurchaseError) -> PurchaseJournal
    {
        let key = "file.purchases:" + stateDirectory.standardizedFileURL.path + (options.readOnly ? ":read-only" : "")
        return try resources.shared(key) { () throws(PurchaseError) in
            try open(stateDirectory: stateDirectory, options: options)
        }
    }

    deinit {
        journal.close()
    }

    /// Takes one more reference, given back with ``close()``.
    ///
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` when the journal was already closed.
    func retain() throws(PurchaseError) {
        let open = usage.withLock { usage in
            guard usage.references > 0 else { return false }
            usage.references += 1
            return true
        }
        guard open else {
            throw PurchaseError(.ledgerIOFailed, detail: "the purchase journal of \(directory.path) is closed")
        }
    }

    /// Gives back one reference; the last one writes what is deferred and closes the files.
    public func close() {
        let last = usage.withLock { usage -> Bool in
            guard usage.references > 0 else { return false }
            usage.references -= 1
            return usage.references == 0
        }
        if last { journal.close() }
    }

    /// Counters of the shared journal since it was opened.
    public var statistics: JournalStatistics { journal.statistics }

    /// Torn tails the journal cut when it opened; empty normally.
    public var recoveries: [JournalRecovery] { journal.recoveries }

    /// Writes a snapshot and starts a new log (see `Journal.compact()`).
    public func compact() async throws(PurchaseError) {
        do {
            try await journal.compact()
        } catch {
            throw PurchaseError(journal: error, what: "the purchase journal cannot compact")
        }
    }

    /// Whether a ``FileFulfillmentLedger`` records its deliveries in this journal now.
    var hasLedger: Bool { usage.withLock { $0.ledgers > 0 } }

    func attachLedger() {
        usage.withLock { $0.ledgers += 1 }
    }

    func detachLedger() {
        usage.withLock { $0.ledgers = max(0, $0.ledgers - 1) }
    }

    /// Commits records (of either stream).
    func perform<R: Sendable>(
        durability: JournalDurability,
        _ body:
            @escaping @Sendable (PurchaseJournalState) throws -> (
                records: [PurchaseJournalState.Record], result: R
            )
    ) async throws -> R {
        try await journal.perform(durability: durability, body)
    }
}

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
/// - One instance per state folder per process: ``open(stateDirectory:options:)`` returns the open
///   one when there is one (its options stay those of the first opener), so a provider and a ledger
///   opened separately on one folder share it. Each `open` is balanced by one ``close()``; the files
///   close with the last. A read-only open (`JournalOptions.readOnly`) shares only with read-only
///   opens, and a writing one never gets a read-only instance.
/// - The file store defers its charges only while a ``FileFulfillmentLedger`` is attached to this
///   journal (``FileFulfillmentLedger/init(journal:)``): otherwise every commit is synced, so the store stays
///   correct with any other ledger.
/// - A state folder written by the previous layout (`file-store/store.log`, `ledger/ledger.log`)
///   and without `purchases.log` keeps that layout (see ``usesSeparateJournals(stateDirectory:)``).
public final class PurchaseJournal: Sendable {
    /// The journal's name: its files are `purchases.log`, `purchases.snapshot`, `purchases.lock`.
    public static let name = "purchases"

    /// The state folder holding the journal's files.
    public let directory: URL
    /// Whether the journal was opened read-only (`JournalOptions.readOnly`): it writes nothing, and
    /// the store's and the ledger's changes fail with `PurchaseError.Code.ledgerIOFailed`.
    public let readOnly: Bool
    let journal: Journal<PurchaseJournalState>
    private let key: String
    private let usage = Locked(Usage())

    private struct Usage {
        var opens = 1
        var ledgers = 0
    }

    private struct WeakReference: Sendable {
        weak var value: PurchaseJournal?
    }

    /// The journals open in this process, by standardized folder path (a read-only one apart).
    private static let openJournals = Locked<[String: WeakReference]>([:])

    private init(directory: URL, key: String, journal: Journal<PurchaseJournalState>, readOnly: Bool) {
        self.directory = directory
        self.readOnly = readOnly
        self.key = key
        self.journal = journal
    }

    /// Whether `stateDirectory` holds the previous layout, one journal each for the file store and
    /// the ledger, and no shared journal: such a folder keeps being used that way (two fsyncs per
    /// purchase), so that it opens with everything it holds.
    public static func usesSeparateJournals(stateDirectory: URL) -> Bool {
        let manager = FileManager.default
        if manager.fileExists(atPath: stateDirectory.appendingPathComponent(name + ".log").path) { return false }
        return manager.fileExists(atPath: stateDirectory.appendingPathComponent("file-store/store.log").path)
            || manager.fileExists(atPath: stateDirectory.appendingPathComponent("ledger/ledger.log").path)
    }

    /// Opens (or creates) the shared journal of `stateDirectory`, or returns the one this process
    /// already has open there.
    ///
    /// - Parameters:
    ///   - stateDirectory: the deployment's state folder.
    ///   - options: the journal's options; ignored when the journal is already open.
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` with the `JournalError` (file and byte
    ///   offset for corruption) as the underlying error.
    public static func open(stateDirectory: URL, options: JournalOptions = JournalOptions()) throws(PurchaseError)
        -> PurchaseJournal
    {
        let key = stateDirectory.standardizedFileURL.path + (options.readOnly ? "\u{0}read-only" : "")
        return try openJournals.withLock { (journals) throws(PurchaseError) -> PurchaseJournal in
            if let existing = journals[key]?.value, existing.retain() { return existing }
            let journal: Journal<PurchaseJournalState>
            do {
                journal = try Journal<PurchaseJournalState>.open(
                    directory: stateDirectory, name: name, options: options)
            } catch {
                throw PurchaseError.from(error, what: "the state folder's purchase journal cannot be opened")
            }
            let opened = PurchaseJournal(
                directory: stateDirectory, key: key, journal: journal, readOnly: options.readOnly)
            journals[key] = WeakReference(value: opened)
            return opened
        }
    }

    deinit {
        journal.close()
    }

    /// Takes one more reference unless the journal was closed; `false` when it was.
    private func retain() -> Bool {
        usage.withLock { usage in
            guard usage.opens > 0 else { return false }
            usage.opens += 1
            return true
        }
    }

    /// Gives back one ``open(stateDirectory:options:)``; the last one writes what is deferred and
    /// closes the files.
    public func close() {
        let last = Self.openJournals.withLock { journals -> Bool in
            let remaining = usage.withLock { usage -> Int in
                usage.opens = max(0, usage.opens - 1)
                return usage.opens
            }
            guard remaining == 0 else { return false }
            if journals[key]?.value === self { journals[key] = nil }
            return true
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

import Dispatch
public import Foundation

/// A durable, append-only journal of records that rebuild an owner's ``JournalState``, shared
/// safely by the tasks of one process and by several processes on one directory.
///
/// ``perform(_:)`` runs a body on the up-to-date state and commits the records it returns; it
/// returns only once they are on disk (fsync). Concurrent calls in one process share one write and
/// one fsync (group commit). Processes are serialized by a file lock, and each catches up with the
/// others' records before running a body, so a body's read-check-write is atomic across processes.
///
/// On open, a torn tail left by a crash is cut back to the last valid record (see ``recoveries``);
/// damage anywhere else fails the open with ``JournalError/Code/corrupt``, and records that were
/// acknowledged and are gone from the log fail it with ``JournalError/Code/recordsLost``; neither
/// changes anything. With ``JournalOptions/readOnly`` it only reads. The log compacts into a
/// snapshot when it grows past ``JournalOptions/compactionThreshold``. The files are described in
/// the FileFormat article of this module's documentation.
public final class Journal<State: JournalState>: Sendable {
    /// What the journal's threads share, under ``shared``'s lock. (The writer, which runs batches on
    /// a caller's thread or on the queue, is in `Journal+Writer.swift`; the batch itself, the one way
    /// anything is committed, in `Journal+Batch.swift`; the lease timer in `Internal/JournalCore+Lock.swift`.)
    struct Shared: Sendable {
        var pending: [JournalRequest<State>] = []
        var draining = false
        var closed = false
        /// Set by the first ``Journal/close()`` once it owns the files for good.
        var filesClosed = false
        /// Set when a batch on a caller's thread made the log outgrow the compaction threshold: the
        /// queue (or ``Journal/close()``) compacts.
        var compactionDue = false
        var statistics = JournalStatistics()
        var recoveries: [JournalRecovery] = []
        /// The core's operation count and wait count as of the last batch (for the lease timer).
        var operations = 0
        var waitCountSeen: UInt64 = 0
    }

    /// The directory holding the journal's files.
    public let directory: URL
    /// The journal's name: its files are `<name>.log`, `<name>.snapshot` and `<name>.lock`.
    public let name: String
    let core: JournalCore<State>
    let queue: DispatchQueue
    let shared: Locked<Shared>
    let maximumBatchSize: Int
    let leaseTimer = LeaseTimer()

    private init(directory: URL, name: String, core: JournalCore<State>) {
        self.directory = directory
        self.name = name
        self.core = core
        self.maximumBatchSize = max(1, core.options.maximumBatchSize)
        self.queue = DispatchQueue(label: "Journal.\(name)", qos: .userInitiated)
        self.shared = Locked(Shared(statistics: core.statistics, recoveries: core.recoveries))
    }

    /// Opens (or creates) the journal `name` in `directory` and rebuilds its state.
    ///
    /// - Parameters:
    ///   - directory: the folder holding the journal's files; created when missing and
    ///     ``JournalOptions/createIfMissing`` is set (never with ``JournalOptions/readOnly``).
    ///   - name: the files' base name; letters, digits, `.`, `_` and `-` only.
    ///   - options: compaction, locking, batching and read-only settings.
    /// - Returns: the open journal; a torn tail it cut is listed in ``recoveries``.
    /// - Throws: ``JournalError`` with ``JournalError/Code/corrupt`` naming the file and byte offset
    ///   when a record before the tail is damaged, ``JournalError/Code/recordsLost`` naming the log
    ///   and the byte offset where its records end when records acknowledged as durable are missing
    ///   (the log was cut), ``JournalError/Code/unsupportedVersion`` for a file that is not a
    ///   journal or has another format version (nothing is rewritten in any of these cases),
    ///   ``JournalError/Code/notRegularFile`` for a symbolic link or a special file at a journal
    ///   file's name, ``JournalError/Code/stateRejected`` when the state rejects the snapshot or a
    ///   record, ``JournalError/Code/lockTimeout`` or ``JournalError/Code/io``.
    public static func open(
        directory: URL, name: String = "journal", options: JournalOptions = JournalOptions()
    ) throws(JournalError) -> Journal {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard !name.isEmpty, !name.hasPrefix("."), name.allSatisfy({ allowed.contains($0) }) else {
            throw JournalError(
                .invalidArgument, path: directory.path,
                message: "the journal name \"\(name)\" is not usable; use letters, digits, '.', '_' and '-' "
                    + "and do not start with '.'")
        }
        let core = try JournalCore<State>(directory: directory.path, name: name, options: options)
        return Journal(directory: directory, name: name, core: core)
    }

    deinit {
        leaseTimer.source?.cancel()
        let pending = shared.withLock { shared in
            shared.closed = true
            defer { shared.pending = [] }
            return shared.pending
        }
        for request in pending { request.fail(closedError) }
    }

    /// Counters since the journal was opened (commits, group commits, fsyncs, catch-ups...).
    public var statistics: JournalStatistics { shared.withLock { $0.statistics } }

    /// Every torn tail this journal cut, the one found on open first.
    public var recoveries: [JournalRecovery] { shared.withLock { $0.recoveries } }

    /// Runs `body` on the up-to-date state and durably commits the records it returns.
    ///
    /// The journal takes the cross-process lock, applies what other processes committed since it
    /// last looked, runs `body`, appends its records (all of them or none), fsyncs, applies them to
    /// the in-memory state, and only then returns `body`'s result. Concurrent calls are batched:
    /// their bodies run one after another (each sees the records of the ones before) and share
    /// one write and one fsync.
    ///
    /// - Parameter body: reads the state and returns the records to commit (possibly none) and
    ///   a result. It runs on the journal's queue, or on the caller's thread when the journal is
    ///   idle, and must not call the journal. It may run after the calling task was cancelled: a
    ///   commit, once queued, is never abandoned halfway.
    /// - Returns: `body`'s result, after its records are durable.
    /// - Throws: whatever `body` throws (nothing is then committed), or ``JournalError``: with
    ///   ``JournalError/Code/stateRejected`` when the state's `apply` throws on the records (nothing
    ///   committed), or when the records could not be made durable (then the journal stops);
    ///   ``JournalError/Code/readOnly`` for a journal opened read-only (`body` does not run).
    public func perform<R: Sendable>(
        _ body: @escaping @Sendable (State) throws -> (records: [State.Record], result: R)
    ) async throws -> R {
        try await perform(durability: .synced, body)
    }

    /// Runs `body` on the up-to-date state and commits the records it returns, durably or deferred.
    ///
    /// With ``JournalDurability/synced`` this is ``perform(_:)``. With
    /// ``JournalDurability/deferred`` the records are written (and applied, and visible to every
    /// later body, here and in other processes) before the call returns, but their fsync is left to
    /// the next synced commit, read, compaction or close (see ``JournalDurability/deferred``). A
    /// batch mixing both kinds is synced.
    ///
    /// - Parameters:
    ///   - durability: whether the records are fsynced before the call returns.
    ///   - body: as for ``perform(_:)``.
    /// - Returns: `body`'s result, after its records are written (and, when synced, durable).
    /// - Throws: as ``perform(_:)`` does.
    public func perform<R: Sendable>(
        durability: JournalDurability,
        _ body: @escaping @Sendable (State) throws -> (records: [State.Record], result: R)
    ) async throws -> R {
        if core.options.readOnly { throw core.readOnlyError }
        // Nobody writing and the lock free: the commit runs here, with no request or continuation.
        let claim = claimInline(durability)
        if let claim, case let (result, compactionDue)? = commitOnCallerThread(durability, body) {
            endInline(leftover: [], compactionDue: compactionDue)
            if claim.holdsInlineSync { InlineSync.release() }
            return try result.get()
        }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
            let request = JournalRequest<State>.commit(
                evaluate: { state in
                    do {
                        let output = try body(state)
                        let result = output.result
                        return CommitEvaluation(records: output.records) { failure in
                            if let failure {
                                continuation.resume(throwing: failure)
                            } else {
                                continuation.resume(returning: result)
                            }
                        }
                    } catch {
                        return CommitEvaluation(records: nil) { _ in continuation.resume(throwing: error) }
                    }
                },
                durability: durability,
                fail: { continuation.resume(throwing: $0) })
            if let claim {
                // The lock was taken by another process: the queue waits for it, with this commit first.
                endInline(leftover: [request], compactionDue: false)
                if claim.holdsInlineSync { InlineSync.release() }
            } else {
                submit(request)
            }
        }
    }

    /// The state after catching up with every record committed so far, by any process.
    ///
    /// - Returns: a copy of the state; later commits do not change it.
    /// - Throws: ``JournalError`` when the journal is closed or catching up fails.
    public func currentState() async throws(JournalError) -> State {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<State, JournalError>, Never>) in
            submit(.observe { continuation.resume(returning: $0) })
        }
        return try result.get()
    }

    /// Runs `body` on the state after catching up with every record committed so far, by any process.
    ///
    /// - Parameter body: reads the state; it runs on the caller's executor.
    /// - Returns: `body`'s result.
    /// - Throws: what `body` throws, or ``JournalError`` as ``currentState()`` does.
    nonisolated(nonsending) public func read<R>(_ body: (State) throws -> R) async throws -> R {
        let state = try await currentState()
        return try body(state)
    }

    /// Writes the state's snapshot and starts a new, empty log generation (atomically: a crash at
    /// any point loses no committed record and applies none twice).
    ///
    /// - Throws: ``JournalError``; when it fails after the new snapshot was in place the journal
    ///   stops and must be reopened (the files stay consistent). ``JournalError/Code/readOnly`` for
    ///   a journal opened read-only.
    public func compact() async throws(JournalError) {
        if core.options.readOnly { throw core.readOnlyError }
        let failure = await withCheckedContinuation { (continuation: CheckedContinuation<JournalError?, Never>) in
            submit(.compact { continuation.resume(returning: $0) })
        }
        if let failure { throw failure }
    }

    /// Closes the journal: calls still queued fail with ``JournalError/Code/closed``, the commit
    /// being written (if any) finishes, then the files are closed and the lock released.
    ///
    /// Do not call it from a ``perform(_:)`` body.
    public func close() {
        let pending = shared.withLock { shared in
            shared.closed = true
            defer { shared.pending = [] }
            return shared.pending
        }
        for request in pending { request.fail(closedError) }
        // Wait for the commit being written (on the queue or a caller's thread), then keep the
        // files for good: nothing runs on them after this.
        let (first, compact) = shared.withLock(when: { !$0.draining || $0.filesClosed }) { shared -> (Bool, Bool) in
            if shared.filesClosed { return (false, false) }
            shared.draining = true
            shared.filesClosed = true
            defer { shared.compactionDue = false }
            return (true, shared.compactionDue)
        }
        guard first else { return }
        // A compaction a batch on a caller's thread made due is not dropped because the process is ending.
        if compact { compactIfDue() }
        core.closeFiles()
        leaseTimer.source?.cancel()
        leaseTimer.source = nil
    }

    var closedError: JournalError {
        JournalError(.closed, path: core.logPath, message: "the journal is closed; open it again to use it")
    }
}

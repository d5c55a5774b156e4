import CFileStatus
import Dispatch
import Foundation

// The writer: requests run inline on the caller's thread when nobody is writing, or queue and
// drain in batches that share one fsync (group commit).
extension Journal {
    /// Queues `request`, or runs it at once on the caller's thread when nobody is writing.
    ///
    /// The inline path saves the two thread hand-offs of the queue (there and back), which cost
    /// more than the commit itself when the journal is idle. It runs only when the lock of the
    /// files is free at once (never waiting for another process on a caller's thread) and never
    /// compacts (a compaction it makes due is queued); a compaction request always goes to the
    /// queue. A request that may wait for an fsync runs inline only while no other one does so
    /// anywhere in the process (``InlineSync``), so journal I/O never holds more than one of the
    /// threads async code runs on; requests that arrive meanwhile are queued and share the next
    /// group commit.
    func submit(_ request: JournalRequest<State>) {
        var holdsInlineSync = false
        let route = shared.withLock { shared -> Route in
            if shared.closed { return .rejected }
            if shared.draining {
                shared.pending.append(request)
                return .queued
            }
            shared.draining = true
            let claim: InlineClaim?
            switch request {
            case .compact: claim = nil
            case .commit(_, let durability, _): claim = inlineClaim(durability)
            case .observe: claim = inlineClaim(nil)
            }
            if let claim {
                holdsInlineSync = claim.holdsInlineSync
                return .inline
            }
            shared.pending.append(request)
            return .startQueue
        }
        switch route {
        case .rejected: request.fail(closedError)
        case .queued: break
        case .startQueue: queue.async { self.drain() }
        case .inline:
            runInline(request)
            if holdsInlineSync { InlineSync.release() }
        }
    }

    private enum Route {
        case rejected, queued, startQueue, inline
    }

    /// The right to run a request on its caller's thread.
    struct InlineClaim {
        /// Whether the claim holds the process's ``InlineSync`` permit (to give back after the run).
        var holdsInlineSync: Bool
    }

    /// Whether a commit with `durability` (or, for `nil`, a read) may run on its caller's thread
    /// once nobody is writing (the caller holds the shared lock and finds `draining` unset; reading
    /// the core is then safe): a deferred commit with nothing unsynced before it always may (it
    /// never waits for an fsync), anything else only with the ``InlineSync`` permit.
    private func inlineClaim(_ durability: JournalDurability?) -> InlineClaim? {
        if durability == .deferred && !core.hasUnsyncedFrames { return InlineClaim(holdsInlineSync: false) }
        return InlineSync.claim() ? InlineClaim(holdsInlineSync: true) : nil
    }

    /// Takes the core for a commit on the caller's thread (setting `draining`), when nobody is
    /// writing and ``inlineClaim(_:)`` allows it; the caller ends with ``endInline(leftover:compactionDue:)``.
    func claimInline(_ durability: JournalDurability) -> InlineClaim? {
        shared.withLock { shared -> InlineClaim? in
            guard !shared.closed, !shared.draining, let claim = inlineClaim(durability) else { return nil }
            shared.draining = true
            return claim
        }
    }

    /// Runs `request` as a batch of its own on the caller's thread, then hands whatever arrived
    /// meanwhile (and a compaction the commit made due) to the queue.
    private func runInline(_ request: JournalRequest<State>) {
        let outcome = process(CollectionOfOne(request), inline: true)
        endInline(leftover: outcome.leftover, compactionDue: outcome.compactionDue)
    }

    /// Gives the core back after a run on a caller's thread: to the queue, with `leftover` first,
    /// when requests are left or arrived meanwhile or a compaction is due; otherwise to whoever
    /// comes next.
    func endInline(leftover: [JournalRequest<State>], compactionDue: Bool) {
        shared.withLock { shared in
            shared.pending.insert(contentsOf: leftover, at: 0)
            if compactionDue { shared.compactionDue = true }
            if shared.pending.isEmpty && !shared.compactionDue {
                shared.draining = false
                self.shared.broadcast()
            } else {
                queue.async { self.drain() }
            }
        }
    }

    /// Runs batches until nothing is pending. Only ever runs on `queue`.
    private func drain() {
        while true {
            var compact = false
            let batch = shared.withLock { shared -> [JournalRequest<State>] in
                if shared.pending.isEmpty {
                    if shared.compactionDue && !shared.closed {
                        shared.compactionDue = false
                        compact = true
                        return []
                    }
                    shared.draining = false
                    self.shared.broadcast()
                    return []
                }
                if shared.pending.count <= maximumBatchSize {
                    defer { shared.pending = [] }
                    return shared.pending
                }
                defer { shared.pending.removeFirst(maximumBatchSize) }
                return Array(shared.pending.prefix(maximumBatchSize))
            }
            if compact {
                compactIfDue()
                continue
            }
            if batch.isEmpty { return }
            let leftover = process(batch, inline: false).leftover
            publish()
            if !leftover.isEmpty {
                shared.withLock { $0.pending.insert(contentsOf: leftover, at: 0) }
            }
        }
    }

    /// What one group commit left to do.
    private struct BatchOutcome {
        /// The requests it did not get to: those after a rejected record, or the whole batch when
        /// an inline run found the lock taken.
        var leftover: [JournalRequest<State>] = []
        /// Set by an inline run whose commit made the log outgrow the compaction threshold.
        var compactionDue = false
    }

    /// Runs one group commit. With `inline`, it runs on a caller's thread: it gives the batch back
    /// untouched when the lock is not free at once, and leaves a due compaction to the queue.
    private func process<Batch: RandomAccessCollection<JournalRequest<State>>>(_ batch: Batch, inline: Bool)
        -> BatchOutcome where Batch.Index == Int
    {
        // Every way out makes the core's counters visible; the normal one does it before resuming callers.
        var published = false
        defer { if !published { publish() } }
        switch beginBatch(inline: inline) {
        case .ready: break
        case .lockBusy: return BatchOutcome(leftover: Array(batch))
        case .failed(let error):
            for request in batch { request.fail(error) }
            return BatchOutcome()
        }
        var locked = true
        defer { if locked { core.unlock() } }

        var frames = core.makeFrameBuilder()
        var completions = SmallList<@Sendable (JournalError?) -> Void>()
        var observers: [@Sendable (Result<State, JournalError>) -> Void] = []
        var compactions: [@Sendable (JournalError?) -> Void] = []
        var commits = 0
        var synced = false
        var rejected = false
        var index = batch.startIndex
        evaluation: while index < batch.endIndex {
            let request = batch[index]
            index += 1
            switch request {
            case .commit(let evaluate, let durability, _):
                let evaluation = core.withState(evaluate)
                guard let produced = evaluation.records else {
                    completions.append(evaluation.complete)
                    continue
                }
                switch stage(produced, into: &frames) {
                case .staged:
                    completions.append(evaluation.complete)
                    commits += 1
                    if durability == .synced { synced = true }
                case .tooBig(let error):
                    evaluation.complete(error)
                case .rejected(let error):
                    evaluation.complete(error)
                    rejected = true
                    break evaluation
                }
            case .observe(let deliver):
                observers.append(deliver)
            case .compact(let complete):
                compactions.append(complete)
            }
        }

        let writing = !frames.isEmpty
        // A batch of deferred commits only skips its fsync when everything before it is durable,
        // and when nothing in it (a read, a compaction, a synced commit) needs durability.
        let sync = synced || !observers.isEmpty || !compactions.isEmpty || core.hasUnsyncedFrames
        do {
            try write(&frames, sync: sync)
        } catch {
            fail(completions, observers, compactions, with: error)
            return BatchOutcome(leftover: Array(batch[index...]))
        }
        let compactionDue = settle(commits: commits, wrote: writing, rejected: rejected)
        let compacting = !compactions.isEmpty || (compactionDue && !inline)
        if !compacting {
            endLockedOperation()
            locked = false
        }
        publish()
        published = true
        completions.forEach { $0(nil) }
        if !observers.isEmpty {
            let state = core.state
            for deliver in observers { deliver(.success(state)) }
        }
        if compacting {
            var failure: JournalError?
            do {
                try core.compact()
            } catch {
                failure = error
                core.countCompactionFailure()
            }
            publish()
            for complete in compactions { complete(failure) }
        }
        return BatchOutcome(leftover: Array(batch[index...]), compactionDue: compactionDue && inline)
    }

    /// What a commit run alone on its caller's thread came to.
    enum AloneOutcome<R> {
        /// The commit ran: its result (after its records are written, and durable when synced) or
        /// its failure, and whether the log now calls for a compaction (left to the queue).
        case done(Result<R, any Error>, compactionDue: Bool)
        /// The lock was taken by another process; nothing was done.
        case lockBusy
    }

    /// Runs one commit as a batch of its own on the caller's thread, straight from
    /// ``perform(durability:_:)``: the steps of ``process(_:inline:)`` for a batch of one commit,
    /// without the request and continuation a queued commit needs. The caller has claimed the core
    /// (``claimInline(_:)``).
    func commitAlone<R>(
        _ durability: JournalDurability, _ body: (State) throws -> (records: [State.Record], result: R)
    ) -> AloneOutcome<R> {
        var published = false
        defer { if !published { publish() } }
        switch beginBatch(inline: true) {
        case .ready: break
        case .lockBusy: return .lockBusy
        case .failed(let error): return .done(.failure(error), compactionDue: false)
        }
        var locked = true
        defer { if locked { core.unlock() } }

        var frames = core.makeFrameBuilder()
        var outcome: Result<R, any Error>
        var commits = 0
        var rejected = false
        do {
            let output = try core.withState(body)
            switch stage(output.records, into: &frames) {
            case .staged:
                outcome = .success(output.result)
                commits = 1
            case .tooBig(let error): outcome = .failure(error)
            case .rejected(let error):
                outcome = .failure(error)
                rejected = true
            }
        } catch {
            outcome = .failure(error)
        }
        let writing = !frames.isEmpty
        do {
            try write(&frames, sync: durability == .synced || core.hasUnsyncedFrames)
        } catch {
            // A commit that failed by itself reports its own failure, as a queued one does.
            if case .success = outcome { outcome = .failure(error) }
            return .done(outcome, compactionDue: false)
        }
        let compactionDue = settle(commits: commits, wrote: writing, rejected: rejected)
        endLockedOperation()
        locked = false
        publish()
        published = true
        return .done(outcome, compactionDue: compactionDue)
    }
}

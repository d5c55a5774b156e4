import Dispatch

// The writer: where and when batches run. A request runs as a batch of its own on its caller's
// thread when nobody is writing, or queues, and the queue drains the requests in batches that share
// one write and one fsync (group commit). Either way the batch is run by `runBatch` (`Journal+Batch.swift`).
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
    /// meanwhile (and a compaction the commit made due, or the request itself when the lock was
    /// taken by another process) to the queue.
    private func runInline(_ request: JournalRequest<State>) {
        var batch = RequestBatch<State, _>(CollectionOfOne(request))
        let outcome = runBatch(
            batch.kinds, onCallerThread: true, evaluate: { batch.evaluate(at: $0, on: $1) },
            answer: { batch.answer($0) })
        switch outcome {
        case .lockBusy: endInline(leftover: [request], compactionDue: false)
        case .ran(let end, let compactionDue):
            endInline(leftover: batch.requests(from: end), compactionDue: compactionDue)
        }
    }

    /// Runs one commit straight from ``perform(durability:_:)`` as a batch of its own on the
    /// caller's thread, with no request or continuation: its answer is kept in local variables. The
    /// caller has claimed the core (``claimInline(_:)``) and ends with
    /// ``endInline(leftover:compactionDue:)``.
    ///
    /// - Returns: the commit's answer and whether the log now calls for a compaction (left to the
    ///   queue), or `nil` when the lock was taken by another process and nothing ran.
    func commitOnCallerThread<R>(
        _ durability: JournalDurability, _ body: (State) throws -> (records: [State.Record], result: R)
    ) -> (result: Result<R, any Error>, compactionDue: Bool)? {
        var value: R?
        var failure: (any Error)?
        let outcome = runBatch(
            CollectionOfOne(.commit(durability)), onCallerThread: true,
            evaluate: { _, state in
                do {
                    let output = try body(state)
                    value = output.result
                    return output.records
                } catch {
                    failure = error
                    return nil
                }
            },
            answer: { answer in
                switch answer {
                case .refused(_, let error), .notBegun(let error): failure = error
                // A body that threw keeps its own error, as a queued commit does.
                case .committed(let error?) where failure == nil: failure = error
                case .held, .committed, .read, .compacted: break
                }
            })
        guard case .ran(_, let compactionDue) = outcome else { return nil }
        if let failure { return (.failure(failure), compactionDue) }
        return (.success(value!), compactionDue)
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
            var requests = RequestBatch<State, _>(batch)
            let outcome = runBatch(
                requests.kinds, onCallerThread: false, evaluate: { requests.evaluate(at: $0, on: $1) },
                answer: { requests.answer($0) })
            let leftover: [JournalRequest<State>]
            switch outcome {
            case .lockBusy: leftover = batch
            case .ran(let end, _): leftover = requests.requests(from: end)
            }
            publish()
            if !leftover.isEmpty {
                shared.withLock { $0.pending.insert(contentsOf: leftover, at: 0) }
            }
        }
    }
}

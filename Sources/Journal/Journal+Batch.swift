// The one way the journal commits: a batch of requests (a single commit is a batch of one) runs
// its bodies on the up-to-date state, builds their frames, writes them with one write and at most
// one fsync, applies them and answers every request. The writer (`Journal+Writer.swift`) decides on
// which thread a batch runs.
extension Journal {
    /// How a batch ended.
    enum BatchOutcome {
        /// On a caller's thread, the lock was not free at once: nothing ran and nothing was answered.
        case lockBusy
        /// The batch ran up to request `end` (excluded): the requests from `end` on (after a record
        /// the state rejected, or a failed write) were not reached and go to the next batch.
        /// `compactionDue` is set when the batch ran on a caller's thread and made the log outgrow
        /// the compaction threshold: the queue compacts.
        case ran(end: Int, compactionDue: Bool)
    }

    /// Runs one batch: the group commit of the requests `kinds` describes, in order.
    ///
    /// It takes the lock and catches up (on a caller's thread, with `onCallerThread`, only when the
    /// lock is free at once), runs each commit's body on the state as the commits before it left it
    /// (`evaluate`, with the request's index: its records, or `nil` when the body threw) and stages
    /// its records, then writes the frames with one write and one fsync when anything in the batch
    /// needs durability (a synced commit, a read, a compaction) or the log holds an unsynced frame
    /// already, so that at most one deferred group commit is ever unsynced. It then makes the
    /// counters visible and answers, through `answer` (see ``BatchAnswer``), the commits, then the
    /// reads, then, after compacting, the compactions. A record the state rejects fails its commit
    /// and ends the batch there. A compaction the batch makes due is run here on the queue, and
    /// left to the queue on a caller's thread.
    ///
    /// The requests reach it through two closures, not a protocol: the module's generic code is
    /// specialized in the modules that use it (cross-module optimization), but the witnesses of an
    /// internal protocol would not be, and would ask the runtime for generic metadata at every
    /// commit. It is always inlined into its three callers (a commit and a request on the caller's
    /// thread, a batch on the queue), where the closures and the answers fold away, so that a single
    /// commit pays nothing for sharing the batch code.
    @inline(__always)
    func runBatch<Kinds: RandomAccessCollection<JournalRequestKind>>(
        _ kinds: Kinds, onCallerThread: Bool, evaluate: (Int, State) -> [State.Record]?,
        answer: (BatchAnswer<State>) -> Void
    ) -> BatchOutcome {
        // Every way out makes the core's counters visible; the normal one does it before answering.
        var published = false
        defer { if !published { publish() } }
        switch beginBatch(onCallerThread: onCallerThread) {
        case .ready: break
        case .lockBusy: return .lockBusy
        case .failed(let error):
            answer(.notBegun(error))
            return .ran(end: kinds.count, compactionDue: false)
        }
        var locked = true
        defer { if locked { core.unlock() } }

        var frames = core.makeFrameBuilder()
        var commits = 0
        var synced = false
        var reading = false
        var compacting = false
        var rejected = false
        var end = 0
        walk: for kind in kinds {
            let index = end
            end += 1
            switch kind {
            case .commit(let durability):
                // A commit whose body threw is answered after the write, with its own error.
                guard let produced = core.withState({ evaluate(index, $0) }) else { continue }
                switch stage(produced, into: &frames) {
                case .staged:
                    commits += 1
                    if durability == .synced { synced = true }
                case .tooBig(let error):
                    answer(.refused(index, error))
                case .rejected(let error):
                    answer(.refused(index, error))
                    rejected = true
                    break walk
                }
            case .observe:
                answer(.held(index))
                reading = true
            case .compact:
                answer(.held(index))
                compacting = true
            }
        }

        let writing = !frames.isEmpty
        // A batch of deferred commits only skips its fsync when everything before it is durable,
        // and when nothing in it (a read, a compaction, a synced commit) needs durability.
        let sync = synced || reading || compacting || core.hasUnsyncedFrames
        do {
            try write(&frames, sync: sync)
        } catch {
            answer(.committed(failure: error))
            if reading { answer(.read(.failure(error))) }
            if compacting { answer(.compacted(failure: error)) }
            return .ran(end: end, compactionDue: false)
        }
        let compactionDue = settle(commits: commits, wrote: writing, rejected: rejected)
        let compactsNow = compacting || (compactionDue && !onCallerThread)
        if !compactsNow {
            endLockedOperation()
            locked = false
        }
        publish()
        published = true
        answer(.committed(failure: nil))
        if reading { answer(.read(.success(core.state))) }
        if compactsNow {
            let failure = compactCountingFailure()
            publish()
            if compacting { answer(.compacted(failure: failure)) }
        }
        return .ran(end: end, compactionDue: compactionDue && onCallerThread)
    }

    /// How a batch began.
    private enum BatchStart {
        /// The lock is held and the state is up to date.
        case ready
        /// On a caller's thread, the lock was not free at once; nothing was done.
        case lockBusy
        /// The journal is stopped or closed, or locking or catching up failed (nothing is held).
        case failed(JournalError)
    }

    /// Begins a batch: checks that the journal still runs, takes the lock (with `onCallerThread`,
    /// only when it is free at once) and catches up with the records of other processes. A failure
    /// to catch up stops the journal.
    private func beginBatch(onCallerThread: Bool) -> BatchStart {
        if core.isStopped, let stopped = core.stopped { return .failed(stopped) }
        if shared.withLock({ $0.closed }) { return .failed(closedError) }
        let leased = core.holdsLock
        do {
            if onCallerThread {
                guard try core.tryLock() else { return .lockBusy }
            } else {
                try core.lock()
            }
        } catch {
            return .failed(error)
        }
        if leased { core.countLeasedBatch() }
        do {
            try core.catchUp()
        } catch {
            core.stopped = stop(because: error)
            core.unlock()
            return .failed(error)
        }
        return .ready
    }

    /// What became of one commit's records.
    private enum Staging {
        /// Appended to the batch's frames and applied to the state.
        case staged
        /// More than a commit may hold: nothing of it was staged, and the batch goes on.
        case tooBig(JournalError)
        /// The state rejected one of them: nothing of the commit will be written, but the state may
        /// have changed halfway (``settle(commits:wrote:rejected:)`` rebuilds it); the batch ends here.
        case rejected(JournalError)
    }

    /// Appends one commit's records to the batch's frames and applies them to the state, all or none.
    private func stage(_ produced: [State.Record], into frames: inout FrameBuilder) -> Staging {
        let mark = frames.mark
        // Through the buffer, the records are read in place (iterating the array copies each).
        produced.withUnsafeBufferPointer { records in
            for index in records.indices { frames.append(records[index], of: State.self) }
        }
        let size = frames.payloadSize(since: mark)
        guard size <= frames.maximumPayload else {
            frames.rollBack(to: mark)
            return .tooBig(
                JournalError(
                    .invalidArgument, path: core.logPath,
                    message: "one commit's records take \(size) bytes, more than the "
                        + "\(frames.maximumPayload) a commit may hold; split the data"))
        }
        do {
            try produced.withUnsafeBufferPointer { records in
                for index in records.indices { try core.applyInMemory(records[index]) }
            }
        } catch {
            frames.rollBack(to: mark)
            return .rejected(
                JournalError(
                    .stateRejected, path: core.logPath,
                    message: "the state rejected a record its own body produced (\(error)); nothing of "
                        + "this commit was written", underlying: String(describing: error)))
        }
        frames.keepFramesWithinLimit(since: mark)
        return .staged
    }

    /// Writes the batch's frames with one write, and one fsync when `sync` is set. A batch with
    /// nothing to write makes durable what the state already holds unsynced (records read from
    /// other processes or written deferred), since the results it acknowledges may depend on it.
    /// A failure stops the journal.
    private func write(_ frames: inout FrameBuilder, sync: Bool) throws(JournalError) {
        do {
            if frames.isEmpty {
                try core.syncIfUnsynced()
            } else {
                try core.append(&frames, sync: sync)
            }
        } catch {
            core.stopped = stop(because: error)
            throw error
        }
    }

    /// Ends a batch's work on the state: rebuilds it from disk when a record was rejected (it may
    /// have changed halfway), counts the commits, and tells whether the log, grown by the batch,
    /// now calls for a compaction.
    private func settle(commits: Int, wrote: Bool, rejected: Bool) -> Bool {
        if rejected {
            do {
                try core.load()
            } catch {
                core.stopped = stop(because: error)
            }
        }
        core.countCommits(commits)
        return wrote && core.needsCompaction && !core.isStopped
    }

    /// Compacts if the log (brought up to date) is still past the threshold: a compaction a batch
    /// on a caller's thread made due, run by the queue or by ``close()``. Failures are counted, as
    /// for any automatic compaction.
    func compactIfDue() {
        guard core.stopped == nil else { return }
        do {
            try core.lock()
        } catch {
            core.countCompactionFailure()
            publish()
            return
        }
        defer { core.unlock() }
        do {
            try core.catchUp()
        } catch {
            core.stopped = stop(because: error)
            publish()
            return
        }
        if core.needsCompaction { _ = compactCountingFailure() }
        publish()
    }

    /// Compacts under the lock the caller holds, counting a failure (which it returns).
    private func compactCountingFailure() -> JournalError? {
        do {
            try core.compact()
            return nil
        } catch {
            core.countCompactionFailure()
            return error
        }
    }

    /// Makes the core's counters and repairs visible to other threads (before callers resume).
    func publish() {
        let statistics = core.statistics
        let recoveries = core.recoveries
        let (operations, waitCountSeen) = (core.operations, core.waitCountSeen)
        shared.withLock { shared in
            shared.statistics = statistics
            shared.recoveries = recoveries
            shared.operations = operations
            shared.waitCountSeen = waitCountSeen
        }
    }

    private func stop(because error: JournalError) -> JournalError {
        JournalError(
            .closed, path: error.path, offset: error.offset,
            message: "the journal stopped after an error (\(error.message)); reopen it", errno: error.errno,
            underlying: error.underlying)
    }
}

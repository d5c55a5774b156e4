extension Journal {
    /// How a batch began.
    enum BatchStart {
        /// The lock is held and the state is up to date.
        case ready
        /// On a caller's thread, the lock was not free at once; nothing was done.
        case lockBusy
        /// The journal is stopped or closed, or locking or catching up failed (nothing is held).
        case failed(JournalError)
    }

    /// Begins a batch: checks that the journal still runs, takes the lock (with `inline`, on a
    /// caller's thread, only when it is free at once) and catches up with the records of other
    /// processes. A failure to catch up stops the journal.
    func beginBatch(inline: Bool) -> BatchStart {
        if core.isStopped, let stopped = core.stopped { return .failed(stopped) }
        if shared.withLock({ $0.closed }) { return .failed(closedError) }
        let leased = core.holdsLock
        do {
            if inline {
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
    enum Staging {
        /// Appended to the batch's frames and applied to the state.
        case staged
        /// More than a commit may hold: nothing of it was staged, and the batch goes on.
        case tooBig(JournalError)
        /// The state rejected one of them: nothing of the commit will be written, but the state may
        /// have changed halfway (``settle(commits:wrote:rejected:)`` rebuilds it); the batch ends here.
        case rejected(JournalError)
    }

    /// Appends one commit's records to the batch's frames and applies them to the state, all or none.
    func stage(_ produced: [State.Record], into frames: inout FrameBuilder) -> Staging {
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
    func write(_ frames: inout FrameBuilder, sync: Bool) throws(JournalError) {
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
    func settle(commits: Int, wrote: Bool, rejected: Bool) -> Bool {
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

    /// Compacts if the log (brought up to date) is still past the threshold; for a compaction an
    /// inline commit made due. Failures are counted, as for any automatic compaction.
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
        if core.needsCompaction {
            do {
                try core.compact()
            } catch {
                core.countCompactionFailure()
            }
        }
        publish()
    }

    func fail(
        _ completions: SmallList<@Sendable (JournalError?) -> Void>,
        _ observers: [@Sendable (Result<State, JournalError>) -> Void],
        _ compactions: [@Sendable (JournalError?) -> Void],
        with error: JournalError
    ) {
        completions.forEach { $0(error) }
        for deliver in observers { deliver(.failure(error)) }
        for complete in compactions { complete(error) }
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

    func stop(because error: JournalError) -> JournalError {
        JournalError(
            .closed, path: error.path, offset: error.offset,
            message: "the journal stopped after an error (\(error.message)); reopen it", errno: error.errno,
            underlying: error.underlying)
    }
}

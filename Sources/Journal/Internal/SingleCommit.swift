/// One commit run as a batch of its own on its caller's thread, straight from
/// ``Journal/perform(durability:_:)``: the body's result (or failure) is kept here for the caller
/// to return once the batch has run.
struct SingleCommit<State: JournalState, R>: JournalBatch {
    let body: (State) throws -> (records: [State.Record], result: R)
    let durability: JournalDurability
    /// The commit's answer; set by every batch that ran (whatever its outcome).
    private(set) var result: Result<R, any Error>?

    init(durability: JournalDurability, body: @escaping (State) throws -> (records: [State.Record], result: R)) {
        self.durability = durability
        self.body = body
    }

    var count: Int { 1 }

    func kind(at index: Int) -> JournalRequestKind { .commit(durability) }

    mutating func evaluate(at index: Int, on state: State) -> [State.Record]? {
        do {
            let output = try body(state)
            result = .success(output.result)
            return output.records
        } catch {
            result = .failure(error)
            return nil
        }
    }

    mutating func hold(at index: Int) {}

    mutating func refuse(at index: Int, with error: JournalError) {
        result = .failure(error)
    }

    mutating func answerCommits(failure: JournalError?) {
        // A body that threw keeps its own error, as a queued commit does.
        if let failure, case .success = result { result = .failure(failure) }
    }

    mutating func answerReads(with result: Result<State, JournalError>) {}

    mutating func answerCompactions(failure: JournalError?) {}

    mutating func failAll(with error: JournalError) {
        result = .failure(error)
    }
}

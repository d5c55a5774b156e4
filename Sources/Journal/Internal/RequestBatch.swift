/// Requests queued for the writer (or one submitted when nobody was writing), run as one batch.
struct RequestBatch<State: JournalState, Requests: RandomAccessCollection<JournalRequest<State>>>: JournalBatch
where Requests.Index == Int {
    /// The requests, in the order they arrived.
    let requests: Requests
    /// How to answer the commit evaluated last, until it is held or refused.
    private var evaluated: (@Sendable (JournalError?) -> Void)?
    private var completions = SmallList<@Sendable (JournalError?) -> Void>()
    private var observers: [@Sendable (Result<State, JournalError>) -> Void] = []
    private var compactions: [@Sendable (JournalError?) -> Void] = []

    init(_ requests: Requests) {
        self.requests = requests
    }

    var count: Int { requests.count }

    /// The requests from `end` on, which a batch that ran up to `end` did not reach.
    func requests(from end: Int) -> [JournalRequest<State>] {
        Array(requests[(requests.startIndex + end)...])
    }

    func kind(at index: Int) -> JournalRequestKind {
        switch requests[requests.startIndex + index] {
        case .commit(_, let durability, _): .commit(durability)
        case .observe: .observe
        case .compact: .compact
        }
    }

    mutating func evaluate(at index: Int, on state: State) -> [State.Record]? {
        guard case .commit(let evaluate, _, _) = requests[requests.startIndex + index] else { return nil }
        let evaluation = evaluate(state)
        evaluated = evaluation.complete
        return evaluation.records
    }

    mutating func hold(at index: Int) {
        switch requests[requests.startIndex + index] {
        case .commit:
            if let evaluated { completions.append(evaluated) }
            evaluated = nil
        case .observe(let deliver): observers.append(deliver)
        case .compact(let complete): compactions.append(complete)
        }
    }

    mutating func refuse(at index: Int, with error: JournalError) {
        evaluated?(error)
        evaluated = nil
    }

    mutating func answerCommits(failure: JournalError?) {
        completions.forEach { $0(failure) }
    }

    mutating func answerReads(with result: Result<State, JournalError>) {
        for deliver in observers { deliver(result) }
    }

    mutating func answerCompactions(failure: JournalError?) {
        for complete in compactions { complete(failure) }
    }

    mutating func failAll(with error: JournalError) {
        for request in requests { request.fail(error) }
    }
}

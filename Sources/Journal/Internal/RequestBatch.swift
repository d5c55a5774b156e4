/// Requests queued for the writer (or one submitted when nobody was writing), run as one batch:
/// it runs their bodies for the batch function and answers them as the batch tells it
/// (``BatchAnswer``).
struct RequestBatch<State: JournalState, Requests: RandomAccessCollection<JournalRequest<State>>>
where Requests.Index == Int {
    /// The requests, in the order they arrived.
    let requests: Requests
    /// How to answer the commits evaluated, in order; one refused is taken out as it is answered.
    var completions = SmallList<@Sendable (JournalError?) -> Void>()
    var observers: [@Sendable (Result<State, JournalError>) -> Void] = []
    var compactions: [@Sendable (JournalError?) -> Void] = []

    init(_ requests: Requests) {
        self.requests = requests
    }

    /// What each request asks for.
    var kinds: LazyMapCollection<Requests, JournalRequestKind> {
        requests.lazy.map { $0.kind }
    }

    /// The requests from `end` on, which a batch that ran up to `end` did not reach.
    func requests(from end: Int) -> [JournalRequest<State>] {
        Array(requests[(requests.startIndex + end)...])
    }

    /// Runs the body of commit `index` on `state`: its records, or `nil` when the body threw.
    mutating func evaluate(at index: Int, on state: State) -> [State.Record]? {
        guard case .commit(let evaluate, _, _) = requests[requests.startIndex + index] else { return nil }
        let evaluation = evaluate(state)
        completions.append(evaluation.complete)
        return evaluation.records
    }

    /// Keeps or answers the requests as the batch tells.
    mutating func answer(_ answer: BatchAnswer<State>) {
        switch answer {
        case .held(let index):
            switch requests[requests.startIndex + index] {
            case .commit: break
            case .observe(let deliver): observers.append(deliver)
            case .compact(let complete): compactions.append(complete)
            }
        case .refused(_, let error): completions.removeLast()?(error)
        case .committed(let failure): completions.forEach { $0(failure) }
        case .read(let result): for deliver in observers { deliver(result) }
        case .compacted(let failure): for complete in compactions { complete(failure) }
        case .notBegun(let error): for request in requests { request.fail(error) }
        }
    }
}

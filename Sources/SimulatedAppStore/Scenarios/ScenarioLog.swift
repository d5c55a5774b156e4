/// Where a running scenario writes its JSON lines and remembers what happened since the last
/// `expect`: observer callbacks (from the callback queue) and store events (from the event reader).
final class ScenarioLog: Sendable {
    private struct State {
        var lines: [String] = []
        var callbacks: [String] = []
        var events: [String] = []
        var flushWaiters: [String: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())
    private let output: @Sendable (String) -> Void

    init(output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    /// Writes one JSON line.
    func write(_ entries: [(String, ScenarioJSON)]) {
        let line = ScenarioJSON.object(entries).text
        state.withLock { $0.lines.append(line) }
        output(line)
    }

    /// Records and writes an observer callback.
    func callback(_ name: String, observer: String, _ more: [(String, ScenarioJSON)] = []) {
        state.withLock {
            $0.callbacks.append(name)
            $0.callbacks.append(observer + "." + name)
        }
        write([("event", .string(name)), ("observer", .string(observer))] + more)
    }

    /// Records and writes a store event.
    func storeEvent(_ name: String, _ more: [(String, ScenarioJSON)]) {
        state.withLock { $0.events.append(name) }
        write([("event", .string(name))] + more)
    }

    /// What was seen since the last call, and forgets it.
    func takeSeen() -> (callbacks: [String], events: [String]) {
        state.withLock { state in
            defer {
                state.callbacks = []
                state.events = []
            }
            return (state.callbacks, state.events)
        }
    }

    /// Every line written.
    var lines: [String] { state.withLock { $0.lines } }

    /// How many lines were written.
    var count: Int { state.withLock { $0.lines.count } }

    /// Waits until ``flushed(_:)`` is called with `marker` (register before the marker can arrive).
    func waitForFlush(_ marker: String, start: @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            state.withLock { $0.flushWaiters[marker] = continuation }
            start()
        }
    }

    /// The event reader saw `marker`.
    func flushed(_ marker: String) {
        let waiter = state.withLock { $0.flushWaiters.removeValue(forKey: marker) }
        waiter?.resume()
    }
}

import PurchaseCore

/// Where a running scenario writes its JSON lines and remembers what happened since the last
/// `expect`: observer callbacks (from the callback queue) and store events (from the event reader).
///
/// Callbacks and store events arrive on two paths whose interleaving depends on thread timing, so
/// they are held and written when the run has settled (``flush()``): the callbacks in the order they
/// were made, then the store events in the order the store emitted them. Output is reproducible.
final class ScenarioLog: Sendable {
    private struct State {
        var lines: [String] = []
        var heldCallbacks: [String] = []
        var heldEvents: [String] = []
        /// Family members' held callbacks and store events, by member: each member's queue and store
        /// keep their own order, but not one with the first account's, so they are written after it.
        var heldMemberCallbacks: [String: [String]] = [:]
        var heldMemberEvents: [String: [String]] = [:]
        var memberCallbacks: [String: [String]] = [:]
        var memberEvents: [String: [String]] = [:]
        var callbacks: [String] = []
        var events: [String] = []
        var flushWaiters: [String: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())
    private let output: @Sendable (String) -> Void

    init(output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    /// Writes what is held, then one JSON line.
    func write(_ entries: [(String, ScenarioJSON)]) {
        flush()
        let line = ScenarioJSON.object(entries).text
        state.withLock { $0.lines.append(line) }
        output(line)
    }

    /// Writes the held callbacks (the first account's, then each family member's by name), then the
    /// held store events (in the same order).
    func flush() {
        let held = state.withLock { state in
            defer {
                state.heldCallbacks = []
                state.heldEvents = []
                state.heldMemberCallbacks = [:]
                state.heldMemberEvents = [:]
            }
            let members = state.heldMemberCallbacks.sorted { $0.key < $1.key }.flatMap(\.value)
            let memberEvents = state.heldMemberEvents.sorted { $0.key < $1.key }.flatMap(\.value)
            let held = state.heldCallbacks + members + state.heldEvents + memberEvents
            state.lines.append(contentsOf: held)
            return held
        }
        held.forEach(output)
    }

    /// Records and writes an observer callback (of a family member's queue when `member` is given).
    func callback(_ name: String, observer: String, member: String? = nil, _ more: [(String, ScenarioJSON)] = []) {
        let line = ScenarioJSON.object([("event", .string(name)), ("observer", .string(observer))] + more).text
        state.withLock {
            if let member {
                $0.memberCallbacks[member, default: []].append(contentsOf: [name, observer + "." + name])
                $0.heldMemberCallbacks[member, default: []].append(line)
            } else {
                $0.callbacks.append(contentsOf: [name, observer + "." + name])
                $0.heldCallbacks.append(line)
            }
        }
    }

    /// Records and writes a store event.
    func storeEvent(_ name: String, _ more: [(String, ScenarioJSON)]) {
        let line = ScenarioJSON.object([("event", .string(name))] + more).text
        state.withLock {
            $0.events.append(name)
            $0.heldEvents.append(line)
        }
    }

    /// Records and writes a store event of a family member's app; it is seen as `member.name`.
    func storeEvent(_ name: String, member: String, _ more: [(String, ScenarioJSON)]) {
        let line = ScenarioJSON.object([("event", .string(name)), ("member", .string(member))] + more).text
        state.withLock {
            $0.memberEvents[member, default: []].append(member + "." + name)
            $0.heldMemberEvents[member, default: []].append(line)
        }
    }

    /// What was seen since the last call (the first account's, then each family member's by name),
    /// and forgets it.
    func takeSeen() -> (callbacks: [String], events: [String]) {
        state.withLock { state in
            defer {
                state.callbacks = []
                state.events = []
                state.memberCallbacks = [:]
                state.memberEvents = [:]
            }
            return (
                state.callbacks + state.memberCallbacks.sorted { $0.key < $1.key }.flatMap(\.value),
                state.events + state.memberEvents.sorted { $0.key < $1.key }.flatMap(\.value)
            )
        }
    }

    /// Every line written.
    var lines: [String] { state.withLock { $0.lines } }

    /// How many lines were written or are held.
    var count: Int {
        state.withLock { state in
            state.lines.count + state.heldCallbacks.count + state.heldEvents.count
                + state.heldMemberCallbacks.values.reduce(0) { $0 + $1.count }
                + state.heldMemberEvents.values.reduce(0) { $0 + $1.count }
        }
    }

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

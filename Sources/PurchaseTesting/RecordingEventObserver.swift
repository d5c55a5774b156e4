public import PurchaseCore

/// Records every `StoreEvent` a `Store` reports, so a test can wait for and inspect them.
///
/// Start it with ``start(observing:)`` before the actions whose events you want; events are kept
/// in the order the store emitted them.
public actor RecordingEventObserver {
    /// Every event seen so far, oldest first.
    public private(set) var events: [StoreEvent] = []
    private var task: Task<Void, Never>?
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates an observer that records nothing until started.
    public init() {}

    /// Subscribes to the store's events; from the moment this returns, every event is recorded.
    public func start(observing store: Store) async {
        let stream = await store.events()
        task = Task { [weak self] in
            for await event in stream {
                await self?.append(event)
            }
        }
    }

    /// Stops recording.
    public func stop() {
        task?.cancel()
        task = nil
    }

    /// Waits until at least `count` events have been recorded, then returns them all.
    public func waitForEvents(count: Int) async -> [StoreEvent] {
        if events.count < count {
            await withCheckedContinuation { waiters.append((count, $0)) }
        }
        return events
    }

    private func append(_ event: StoreEvent) {
        events.append(event)
        let ready = waiters.filter { $0.count <= events.count }
        waiters.removeAll { $0.count <= events.count }
        ready.forEach { $0.continuation.resume() }
    }
}

import Dispatch
import PurchaseCore

/// Runs async work from the tool's synchronous command code and waits for it.
///
/// The work runs on the global concurrent executor while the calling thread waits; nothing it does
/// needs the calling thread (the journals have their own queues).
enum BlockingTask {
    private final class Slot<Value: Sendable>: Sendable {
        let value = Locked<Value?>(nil)
    }

    /// The value `work` returns, once it has.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let slot = Slot<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await work()
            slot.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return slot.value.withLock { $0! }
    }
}

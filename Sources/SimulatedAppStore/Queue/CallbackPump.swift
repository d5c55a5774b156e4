import Dispatch
import PurchaseCore

/// Runs the queue's observer callbacks on its serial callback queue, in the order they were
/// scheduled, coalescing bursts: while a drain is pending, new callbacks join its buffer instead of
/// each waking the callback queue (a purchase costs a buffer append, not a thread wake-up).
///
/// Safe from any thread: the buffer and the "drain scheduled" flag live behind a lock; callbacks
/// run outside the lock, one after another, on the callback queue only.
final class CallbackPump: Sendable {
    private struct Buffer {
        var callbacks: [@Sendable () -> Void] = []
        var draining = false
    }

    private let queue: DispatchQueue
    private let buffer = Locked(Buffer())

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Schedules callbacks to run after every callback scheduled before them.
    func schedule(_ callbacks: [@Sendable () -> Void]) {
        guard !callbacks.isEmpty else { return }
        let startDrain = buffer.withLock { buffer in
            buffer.callbacks.append(contentsOf: callbacks)
            if buffer.draining { return false }
            buffer.draining = true
            return true
        }
        if startDrain {
            queue.async { self.drain() }
        }
    }

    /// Schedules one callback.
    func schedule(_ callback: @escaping @Sendable () -> Void) {
        schedule([callback])
    }

    private func drain() {
        while true {
            let batch = buffer.withLock { buffer -> [@Sendable () -> Void] in
                if buffer.callbacks.isEmpty {
                    buffer.draining = false
                    return []
                }
                defer { buffer.callbacks.removeAll(keepingCapacity: true) }
                return buffer.callbacks
            }
            if batch.isEmpty { return }
            for callback in batch { callback() }
        }
    }
}

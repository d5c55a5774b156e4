import Foundation

/// A value guarded by a lock, with waiting for the value to change.
///
/// Safe to share because every access to `value` goes through ``withLock(_:)`` or
/// ``withLock(when:_:)`` under `condition`. It uses `NSCondition` (a pthread mutex and condition
/// variable) rather than `Synchronization.Mutex`, whose futex-based locking ThreadSanitizer on
/// Linux does not see, so `swift test --sanitize=thread` stays meaningful.
final class Locked<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value)
    }

    /// Waits until `ready` holds for the value, then runs `body` under the same hold of the lock.
    /// The value must be changed under ``withLock(_:)`` followed by ``broadcast()`` for a waiter to
    /// notice.
    func withLock<Result>(when ready: (Value) -> Bool, _ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        while !ready(value) { condition.wait() }
        return try body(&value)
    }

    /// Wakes every ``withLock(when:_:)`` waiter to check its condition again; call it from inside
    /// ``withLock(_:)`` after changing the value.
    func broadcast() {
        condition.broadcast()
    }
}

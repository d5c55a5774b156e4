import Foundation

/// A value behind a lock, for the package's state shared across threads outside an actor.
///
/// Safe to share because every access to the value goes through ``withLock(_:)`` under an `NSLock`
/// (a pthread mutex), which orders each access after the previous one. The package uses it instead of
/// `Synchronization.Mutex` on purpose: ThreadSanitizer on Linux does not see `Mutex`'s futex-based
/// locking and reports every access it guards as a race, which would hide real races in
/// `swift test --sanitize=thread` among false ones. (`.ci/run` refuses `Mutex` in the library modules
/// for that reason.)
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; what `body` changes is seen by every later
    /// call, on any thread.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

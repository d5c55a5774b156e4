import Foundation

/// A value behind a lock, for the few places the simulator shares state across threads.
///
/// Safe to share because every access to the value goes through ``withLock(_:)`` under an `NSLock`
/// (a pthread mutex). `Synchronization.Mutex` would do, but ThreadSanitizer on Linux does not see
/// its futex-based locking and reports false races, which would make `--sanitize=thread` useless.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

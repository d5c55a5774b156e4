import Foundation

/// A value guarded by a lock.
///
/// Safe to share because every access to `value` goes through ``withLock(_:)`` under `lock`. It
/// uses `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`, whose futex-based locking
/// ThreadSanitizer on Linux does not see, so `swift test --sanitize=thread` stays meaningful.
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

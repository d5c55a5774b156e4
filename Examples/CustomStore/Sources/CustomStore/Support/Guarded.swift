import Foundation

/// A value behind an `NSLock`, for the few values this module's classes share across threads.
///
/// Safe to share because every access goes through ``withLock(_:)``, which holds the lock for the
/// whole access. (PurchaseKit's own lock type is not part of its public API, so the module keeps
/// this small one; an `NSLock` is what ThreadSanitizer on Linux follows.)
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

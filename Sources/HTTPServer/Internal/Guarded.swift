import Foundation

/// A value behind an `NSLock`, for state the server's C callbacks, its tasks and its callers share.
///
/// Safe to share because every access goes through ``withLock(_:)``, which orders it after the
/// previous one. An `NSLock` rather than `Synchronization.Mutex`, whose locking ThreadSanitizer does
/// not see on Linux.
final class Guarded<Value>: @unchecked Sendable {
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

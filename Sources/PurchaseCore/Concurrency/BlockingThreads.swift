import Foundation

/// Threads on which blocking I/O is allowed: a thread made to run one server's request handlers
/// (never one of Swift's cooperative pool) marks itself, and code that would otherwise hand its
/// blocking work to a thread of its own (a database client waiting on its socket) may run it on a
/// marked thread directly, saving the two thread switches of each hand-off.
///
/// The mark belongs to the thread, not to a task: a task that moves to another executor finds the
/// new thread unmarked. Safe to use from any thread.
public enum BlockingThreads {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key is left")
        return key
    }()

    /// Marks the calling thread as one that may block. Call it only on a thread you made, whose
    /// every job may wait on I/O without holding up work that must not wait.
    public static func markCurrentThread() {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    }

    /// Whether the calling thread was marked by ``markCurrentThread()``.
    public static var isCurrentThreadMarked: Bool {
        pthread_getspecific(key) != nil
    }
}

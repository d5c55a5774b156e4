import Foundation

/// The request timeout of every running request, kept by one thread instead of a timer per request.
///
/// Every request gets the same timeout and requests start running in order on MHD's one thread, so
/// their deadlines come in order: a queue holds them, and the thread sleeps until the oldest one.
/// A request answered before its deadline is forgotten at once (``forget(_:)``), so nothing it holds
/// outlives it; one still running at its deadline is handed to ``expire``.
///
/// Safe to share: its state is behind one condition lock.
final class RequestDeadlines: @unchecked Sendable {
    /// A running request and its connection.
    struct Running {
        let exchange: Exchange
        let connection: ConnectionHandle
    }

    private let timeout: Duration
    private let expire: @Sendable (Running) -> Void
    private let condition = NSCondition()
    /// The requests still running, by the number ``watch(_:connection:)`` gave them.
    private var running: [Int: Running] = [:]
    /// The numbers given, in the order of their deadlines, from `head` on.
    private var order: [(number: Int, deadline: ContinuousClock.Instant)] = []
    private var head = 0
    private var nextNumber = 0
    private var threadRunning = false
    private var stopping = false

    /// Deadlines `timeout` after each request starts running; `expire` is called, on the watcher's
    /// thread, for each request still running at its deadline.
    init(timeout: Duration, expire: @escaping @Sendable (Running) -> Void) {
        self.timeout = timeout
        self.expire = expire
    }

    /// Starts the deadline of a request that starts running now; the number to ``forget(_:)`` it by.
    func watch(_ exchange: Exchange, connection: ConnectionHandle) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let number = nextNumber
        nextNumber += 1
        running[number] = Running(exchange: exchange, connection: connection)
        order.append((number, .now + timeout))
        if !threadRunning {
            threadRunning = true
            let thread = Thread { [self] in run() }
            thread.name = "HTTPServer deadlines"
            thread.start()
        } else if order.count - head == 1 {
            condition.signal()
        }
        return number
    }

    /// The request numbered `number` was answered: its deadline no longer matters.
    func forget(_ number: Int) {
        condition.lock()
        running[number] = nil
        condition.unlock()
    }

    /// Lets the thread end once no deadline is left.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            if head == order.count {
                if stopping {
                    threadRunning = false
                    condition.unlock()
                    return
                }
                condition.wait()
                continue
            }
            let (number, deadline) = order[head]
            let now = ContinuousClock.now
            if deadline > now, running[number] != nil {
                let left = now.duration(to: deadline).components
                let seconds = Double(left.seconds) + Double(left.attoseconds) / 1e18
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
                continue
            }
            head += 1
            if head > 1024, head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
            guard let expired = running.removeValue(forKey: number) else { continue }
            condition.unlock()
            expire(expired)
            condition.lock()
        }
    }
}

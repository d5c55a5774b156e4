import Foundation

/// The server's counters in Prometheus's text format: requests by route and status, a histogram of
/// their latency, and the ledger's errors.
///
/// Safe to share: every count is behind one lock.
final class ServerMetrics: @unchecked Sendable {
    /// The histogram's upper bounds, in seconds.
    static let buckets: [Double] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct Counts {
        var requests: [String: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServerMetrics.buckets.count)
        var latencyCount = 0
        var latencySum = 0.0
        var ledgerErrors = 0
    }

    private let lock = NSLock()
    private var counts = Counts()

    /// Counts one request of `route` answered `status` after `seconds`.
    func record(route: String, status: Int, seconds: Double) {
        lock.lock()
        defer { lock.unlock() }
        counts.requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1
        for (index, bound) in Self.buckets.enumerated() where seconds <= bound {
            counts.bucketCounts[index] += 1
        }
        counts.latencyCount += 1
        counts.latencySum += seconds
    }

    /// Counts one failure of the ledger.
    func recordLedgerError() {
        lock.lock()
        defer { lock.unlock() }
        counts.ledgerErrors += 1
    }

    /// The exposition text.
    func text() -> String {
        lock.lock()
        let counts = counts
        lock.unlock()
        var lines = [
            "# HELP purchasekit_http_requests_total HTTP requests answered, by route and status.",
            "# TYPE purchasekit_http_requests_total counter",
        ]
        for labels in counts.requests.keys.sorted() {
            lines.append("purchasekit_http_requests_total{\(labels)} \(counts.requests[labels] ?? 0)")
        }
        lines += [
            "# HELP purchasekit_http_request_duration_seconds Time from a request's headers to its response.",
            "# TYPE purchasekit_http_request_duration_seconds histogram",
        ]
        for (index, bound) in Self.buckets.enumerated() {
            lines.append(
                "purchasekit_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(counts.bucketCounts[index])")
        }
        lines += [
            "purchasekit_http_request_duration_seconds_bucket{le=\"+Inf\"} \(counts.latencyCount)",
            "purchasekit_http_request_duration_seconds_sum \(counts.latencySum)",
            "purchasekit_http_request_duration_seconds_count \(counts.latencyCount)",
            "# HELP purchasekit_ledger_errors_total Ledger calls that failed.",
            "# TYPE purchasekit_ledger_errors_total counter",
            "purchasekit_ledger_errors_total \(counts.ledgerErrors)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

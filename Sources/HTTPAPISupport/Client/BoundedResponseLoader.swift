import Foundation
import PurchaseCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads responses through one `URLSession` (it is that session's delegate), refusing a body larger
/// than a limit as soon as the limit is passed (or as soon as the `Content-Length` says it will be),
/// so a large or endless body never sits in memory. ``BoundedURLSession`` is its public face.
///
/// Safe to share: the state of the requests in flight lives behind a lock, and each continuation is
/// resumed once (it leaves the table when resumed).
final class BoundedResponseLoader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
        var limit: Int
        var response: HTTPURLResponse?
        var data = Data()
    }

    private let pending = Locked<[Int: Pending]>([:])

    /// The response to `request` with its whole body, at most `limit` bytes.
    ///
    /// - Throws: ``BoundedURLSession/ResponseTooLarge`` past the limit; the session's error when the
    ///   request fails; `CancellationError` when the calling task is cancelled (the request is
    ///   cancelled with it).
    func load(_ request: URLRequest, session: URLSession, limit: Int) async throws -> (HTTPURLResponse, Data) {
        try Task.checkCancellation()
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation, limit: limit) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func finish(_ task: URLSessionTask, with result: Result<(HTTPURLResponse, Data), any Error>) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        entry.continuation.resume(with: result)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = pending.withLock { table -> Bool in
            guard var entry = table[dataTask.taskIdentifier] else { return false }
            entry.response = response as? HTTPURLResponse
            table[dataTask.taskIdentifier] = entry
            return response.expectedContentLength > Int64(entry.limit)
        }
        if tooLarge {
            completionHandler(.cancel)
            finish(dataTask, with: .failure(BoundedURLSession.ResponseTooLarge()))
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = pending.withLock { table -> Bool in
            guard var entry = table[dataTask.taskIdentifier] else { return false }
            guard entry.data.count + data.count <= entry.limit else { return true }
            entry.data.append(data)
            table[dataTask.taskIdentifier] = entry
            return false
        }
        if tooLarge {
            finish(dataTask, with: .failure(BoundedURLSession.ResponseTooLarge()))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(task, with: .failure(error))
            return
        }
        let entry = pending.withLock { $0[task.taskIdentifier] }
        guard let response = entry?.response ?? (task.response as? HTTPURLResponse) else {
            finish(task, with: .failure(URLError(.badServerResponse)))
            return
        }
        finish(task, with: .success((response, entry?.data ?? Data())))
    }
}

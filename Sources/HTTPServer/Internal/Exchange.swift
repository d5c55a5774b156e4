import CMicroHTTPD
import Foundation

/// A libmicrohttpd connection pointer carried to the task that resumes it.
///
/// Safe to send because the only call made with it off MHD's thread is `MHD_resume_connection`, which
/// libmicrohttpd allows from any thread, and it is made once, while the connection is suspended (MHD
/// neither times out nor frees a suspended connection, and the server never stops the daemon while
/// one is).
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// One request on its way through the server: made by the URI callback when the request line is
/// read, kept as the request's `con_cls` (one retain, released by the request-completed callback).
///
/// Safe to share: the stored properties other than `answer` are written only on MHD's one polling
/// thread (its callbacks); the handler's task touches only `answer`, behind its lock, and the deadline
/// watcher reads `request` too, which is complete and never written again once the request runs (its
/// deadline is handed over under the watcher's lock, after the last write).
final class Exchange: @unchecked Sendable {
    /// Where the request is.
    enum Phase {
        /// Headers and body are being read.
        case receiving
        /// The handler runs and the connection is suspended until its answer (or the deadline's).
        case running
        /// A response was queued.
        case answered
    }

    /// The answer the handler's task or the deadline gives first, and the handler's task.
    struct Answer {
        var response: HTTPResponse?
        var rejection: HTTPRejection.Reason?
        var handlerTask: Task<Void, Never>?
    }

    /// The raw request target, as the request line gave it.
    let target: String
    /// The request once its headers are read (the body added when it is complete).
    var request: HTTPRequest?
    /// When the headers were read.
    var started = ContinuousClock.now
    /// The body read so far.
    var body = Data()
    /// Whether the body went past the limit (what follows is read and dropped).
    var bodyTooLarge = false
    /// Whether the server counts this request in flight (it ends in the request-completed callback).
    var counted = false
    /// Where the request is.
    var phase = Phase.receiving
    /// What the tasks answer.
    let answer = Guarded(Answer())

    init(target: String) {
        self.target = target
    }

    /// Keeps `response` as the answer if none was given yet; true when it was kept (the caller then
    /// resumes the connection, once).
    func offer(_ response: HTTPResponse, rejection: HTTPRejection.Reason?) -> Bool {
        answer.withLock { answer in
            guard answer.response == nil else { return false }
            answer.response = response
            answer.rejection = rejection
            return true
        }
    }
}

import COpenSSL

/// Why a libcrypto operation failed: the function (or step) that failed and libcrypto's first queued
/// error, as text.
///
/// Making one with ``init(_:)`` reads libcrypto's error queue of the calling thread and clears it, so
/// a later failure never reports an earlier one's error.
public struct CryptoFailure: Error, Sendable, CustomStringConvertible {
    /// The libcrypto function (or step) that failed.
    public var operation: String
    /// libcrypto's error text, when it queued one.
    public var detail: String?

    /// A failure of `operation` with its own `detail`; the error queue is left as it is.
    public init(operation: String, detail: String?) {
        self.operation = operation
        self.detail = detail
    }

    /// A failure of `operation`, with libcrypto's first queued error; clears the queue.
    public init(_ operation: String) {
        self.operation = operation
        self.detail = Self.takeQueuedError()
    }

    /// `operation: detail`, or `operation failed` without a detail, for logs.
    public var description: String { detail.map { "\(operation): \($0)" } ?? "\(operation) failed" }

    /// libcrypto's first queued error as its text (`error:1E08010C:DECODER routines::unsupported`), or
    /// `nil` when none is queued; clears the calling thread's queue either way.
    public static func takeQueuedError() -> String? {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

import COpenSSL

/// Why a libcrypto operation failed: the function that failed and libcrypto's first queued error.
struct CryptoFailure: Error, Sendable, CustomStringConvertible {
    /// The libcrypto function (or step) that failed.
    var operation: String
    /// libcrypto's error text, when it queued one.
    var detail: String?

    /// A failure of `operation` with its own `detail`.
    init(operation: String, detail: String?) {
        self.operation = operation
        self.detail = detail
    }

    /// A failure of `operation`, with libcrypto's first queued error; clears the queue.
    init(_ operation: String) {
        self.operation = operation
        self.detail = Self.takeQueuedError()
    }

    /// `operation: detail`, for logs.
    var description: String { detail.map { "\(operation): \($0)" } ?? "\(operation) failed" }

    /// libcrypto's first queued error as its text, or `nil` when none is queued; clears the queue.
    static func takeQueuedError() -> String? {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Runs an `i2d_*` function twice: once for the length, once into a Swift buffer.
func derEncoded(
    _ what: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
) throws(CryptoFailure) -> [UInt8] {
    let length = body(nil)
    guard length > 0 else { throw CryptoFailure(what) }
    var bytes = [UInt8](repeating: 0, count: Int(length))
    let written = bytes.withUnsafeMutableBufferPointer { buffer in
        var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
        return body(&cursor)
    }
    guard written == length else { throw CryptoFailure(what) }
    return bytes
}

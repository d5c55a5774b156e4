/// The DER bytes an `i2d_*` function of libcrypto writes, read in two calls: one for the length, one
/// into a Swift buffer of that length.
///
/// - Parameters:
///   - what: the function's name, for the failure.
///   - body: calls the `i2d_*` function with the pointer it is given (`nil` asks only the length).
/// - Returns: exactly the bytes written, never a byte of the buffer left unwritten.
/// - Throws: ``CryptoFailure`` named `what` (with libcrypto's queued error) when the length is not
///   positive or the second call writes another length.
public func derEncoded(
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

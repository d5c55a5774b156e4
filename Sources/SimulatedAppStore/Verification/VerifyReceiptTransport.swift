public import Foundation

/// How an ``AppStoreReceiptVerifier`` reaches verifyReceipt: posts a JSON body to one environment's
/// endpoint and returns the response body.
///
/// ## Implementation requirements
/// - ``send(_:to:)`` posts `body` unchanged to `environment`'s endpoint
///   (`https://buy.itunes.apple.com/verifyReceipt` for production,
///   `https://sandbox.itunes.apple.com/verifyReceipt` for the sandbox) and returns the body of the
///   answer, whatever its `status`.
/// - It throws only when no answer arrived (network failure, timeout, an HTTP error without a
///   body); the verifier treats that as temporary and retries with backoff.
///
/// ``SimulatedVerifyReceiptService`` conforms, so tests need no network; an HTTP transport over
/// `URLSession` is a few lines for users who verify against Apple.
public protocol VerifyReceiptTransport: Sendable {
    /// Posts `body` to `environment`'s verifyReceipt endpoint and returns the response body.
    ///
    /// - Parameters:
    ///   - body: the JSON request (`receipt-data`, `password`, `exclude-old-transactions`).
    ///   - environment: which endpoint.
    /// - Throws: when no response body could be obtained.
    func send(_ body: Data, to environment: AppStoreEnvironment) async throws -> Data
}

/// What verifies an App Store signed payload and decodes it: the notification processor's view of a
/// signed-data verifier.
///
/// ## Implementation requirements
/// - Each method returns a payload only when the compact JWS verified: its certificate chain leads
///   to a root the deployment trusts, its signature holds, and it belongs to the deployment's app
///   (bundle identifier, and in production its Apple identifier) and environment.
/// - A payload that is not authentic, or that belongs to another app or environment, throws; a
///   check that could not be made now (an online revocation check that did not answer) throws an
///   error that says it is retryable as a ``NotificationProcessingError`` of code
///   ``NotificationProcessingError/Code/verificationUnavailable``. The processor treats any other
///   error as a verification failure.
public protocol SignedPayloadVerifying: Sendable {
    /// The verified payload of a notification's `signedPayload`.
    func notificationPayload(verifying signedPayload: String) async throws -> NotificationPayload

    /// The verified payload of a signed transaction (`signedTransactionInfo`).
    func transactionPayload(verifying signedTransaction: String) async throws -> TransactionPayload

    /// The verified payload of a subscription's signed renewal info (`signedRenewalInfo`).
    func renewalInfoPayload(verifying signedRenewalInfo: String) async throws -> RenewalInfoPayload
}

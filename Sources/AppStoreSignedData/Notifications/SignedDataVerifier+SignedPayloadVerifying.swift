/// The signed-data verifier verifies what a notification processor needs: the notification (its
/// claims read from its `data`, or its `summary`), its transaction and its renewal info, each with
/// the claims of ``SignedDataVerifier/verifyNotification(_:)``, ``SignedDataVerifier/verifyTransaction(_:)``
/// and ``SignedDataVerifier/verifyRenewalInfo(_:)``.
///
/// A ``SignedDataVerificationError`` of kind ``SignedDataVerificationError/Kind/retryable`` is thrown
/// as a ``NotificationProcessingError`` of code
/// ``NotificationProcessingError/Code/verificationUnavailable``; every other failure as it is.
extension SignedDataVerifier: SignedPayloadVerifying {
    /// The verified payload of a notification's `signedPayload`.
    public func notificationPayload(verifying signedPayload: String) async throws -> NotificationPayload {
        try retryable { try verifyNotification(signedPayload).payload }
    }

    /// The verified payload of a signed transaction.
    public func transactionPayload(verifying signedTransaction: String) async throws -> TransactionPayload {
        try retryable { try verifyTransaction(signedTransaction).payload }
    }

    /// The verified payload of a signed renewal info.
    public func renewalInfoPayload(verifying signedRenewalInfo: String) async throws -> RenewalInfoPayload {
        try retryable { try verifyRenewalInfo(signedRenewalInfo).payload }
    }

    private func retryable<Payload>(_ body: () throws -> Payload) throws -> Payload {
        do {
            return try body()
        } catch let error as SignedDataVerificationError where error.kind == .retryable {
            throw NotificationProcessingError(
                .verificationUnavailable, detail: "a check of the signed data could not be made now",
                underlying: error)
        }
    }
}

/// The signed-data verifier verifies what a notification processor needs: the notification (its
/// claims read from its `data`), its transaction and its renewal info.
///
/// A renewal info carries no bundle id, so only its environment and signature are checked (the
/// notification carrying it was checked for the app). A ``SignedDataVerificationError`` of kind
/// ``SignedDataVerificationError/Kind/retryable`` is thrown as a ``NotificationProcessingError`` of
/// code ``NotificationProcessingError/Code/verificationUnavailable``; every other failure as it is.
extension SignedDataVerifier: SignedPayloadVerifying {
    /// The verified payload of a notification's `signedPayload`: the bundle id, app Apple id and
    /// environment of its `data` (or of its `summary`, which a summary notification carries instead)
    /// are checked.
    public func verifyNotification(_ signedPayload: String) async throws -> NotificationPayload {
        try retryable {
            try verify(signedPayload, as: NotificationPayload.self) { payload in
                SignedDataClaims(
                    signedDate: payload.signedDate?.date, bundleID: payload.data?.bundleId ?? payload.summary?.bundleId,
                    environment: (payload.data?.environment ?? payload.summary?.environment)?.rawValue,
                    appAppleID: payload.data?.appAppleId ?? payload.summary?.appAppleId)
            }.payload
        }
    }

    /// The verified payload of a signed transaction: its bundle id and environment are checked.
    public func verifyTransaction(_ signedTransaction: String) async throws -> TransactionPayload {
        try retryable {
            try verify(signedTransaction, as: TransactionPayload.self) { payload in
                SignedDataClaims(
                    signedDate: payload.signedDate?.date, bundleID: payload.bundleId,
                    environment: payload.environment?.rawValue)
            }.payload
        }
    }

    /// The verified payload of a signed renewal info: its environment is checked (it carries no
    /// bundle id).
    public func verifyRenewalInfo(_ signedRenewalInfo: String) async throws -> RenewalInfoPayload {
        try retryable {
            try verify(signedRenewalInfo, as: RenewalInfoPayload.self) { payload in
                SignedDataClaims(
                    signedDate: payload.signedDate?.date, bundleID: bundleID, environment: payload.environment?.rawValue
                )
            }.payload
        }
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

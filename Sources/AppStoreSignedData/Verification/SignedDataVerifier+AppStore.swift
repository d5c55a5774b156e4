public import Foundation

/// The App Store's kinds of signed data, each verified with the claims Apple's verifiers check for it.
extension SignedDataVerifier {
    /// Verifies a signed transaction: chain, signature, then its bundle id and environment.
    ///
    /// - Throws: ``SignedDataVerificationError``, of the kind of the first check that failed.
    public func verifyTransaction(_ token: String) throws(SignedDataVerificationError)
        -> VerifiedSignedData<TransactionPayload>
    {
        try verify(token, as: TransactionPayload.self) { payload in
            SignedDataClaims(
                signedDate: payload.signedDate?.date, bundleID: payload.bundleId,
                environment: payload.environment?.rawValue)
        }
    }

    /// Verifies a subscription's signed renewal info: chain, signature, then its environment (renewal
    /// info carries no bundle id; the transaction it comes with does).
    ///
    /// - Throws: ``SignedDataVerificationError``, of the kind of the first check that failed.
    public func verifyRenewalInfo(_ token: String) throws(SignedDataVerificationError)
        -> VerifiedSignedData<RenewalInfoPayload>
    {
        try verify(token, as: RenewalInfoPayload.self) { payload in
            SignedDataClaims(
                signedDate: payload.signedDate?.date, bundleID: bundleID, environment: payload.environment?.rawValue)
        }
    }

    /// Verifies a signed app transaction: chain, signature, then its bundle id, its environment (the
    /// payload's `receiptType`) and, in Production, the app's Apple id.
    ///
    /// - Throws: ``SignedDataVerificationError``, of the kind of the first check that failed.
    public func verifyAppTransaction(_ token: String) throws(SignedDataVerificationError)
        -> VerifiedSignedData<AppTransactionPayload>
    {
        try verify(token, as: AppTransactionPayload.self) { payload in
            SignedDataClaims(
                signedDate: (payload.signedDate ?? payload.receiptCreationDate)?.date, bundleID: payload.bundleId,
                environment: payload.receiptType?.rawValue, appAppleID: payload.appAppleId)
        }
    }

    /// Verifies an App Store Server Notification V2's signed payload: chain, signature, then the bundle
    /// id, environment and (in Production) app Apple id of its `data`. The transaction and renewal info
    /// inside are signed data of their own: verify them with ``verifyTransaction(_:)`` and
    /// ``verifyRenewalInfo(_:)``.
    ///
    /// - Throws: ``SignedDataVerificationError``, of the kind of the first check that failed.
    public func verifyNotification(_ token: String) throws(SignedDataVerificationError)
        -> VerifiedSignedData<NotificationPayload>
    {
        try verify(token, as: NotificationPayload.self) { payload in
            SignedDataClaims(
                signedDate: payload.signedDate?.date, bundleID: payload.data?.bundleId,
                environment: payload.data?.environment?.rawValue, appAppleID: payload.data?.appAppleId)
        }
    }

    /// Verifies the body the App Store posts (`{"signedPayload": "<JWS>"}`) with
    /// ``verifyNotification(_:)``.
    ///
    /// - Throws: ``SignedDataVerificationError`` with ``SignedDataVerificationError/Kind/invalidFormat``
    ///   when the body is not such an object, else as ``verifyNotification(_:)``.
    public func verifyNotificationBody(_ body: some DataProtocol) throws(SignedDataVerificationError)
        -> VerifiedSignedData<NotificationPayload>
    {
        guard body.count <= CompactJWS.maximumLength + 64 else {
            throw SignedDataVerificationError(.invalidFormat, detail: "the body is larger than a notification can be")
        }
        let decoded: NotificationBody
        do {
            decoded = try PayloadJSON.decode(NotificationBody.self, from: body)
        } catch {
            throw SignedDataVerificationError(
                .invalidFormat, detail: "the body is not {\"signedPayload\": ...}", underlyingError: error)
        }
        return try verifyNotification(decoded.signedPayload)
    }
}

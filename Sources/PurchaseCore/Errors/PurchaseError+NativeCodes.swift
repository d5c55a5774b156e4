extension PurchaseError {
    /// The error for a StoreKit 1 `SKError.Code` raw value, as providers shaped like StoreKit report it.
    ///
    /// Codes StoreKit may add later map to ``Code/unknown`` with the native number kept in
    /// ``detail``. The offer errors carry a ``Reason``: ``Reason/offerNotVerified`` for
    /// `invalidSignature` (12), ``Reason/offerUnavailable`` for `invalidOfferIdentifier` (11),
    /// `missingOfferParams` (13) and `invalidOfferPrice` (14).
    public static func storeKit(code native: Int, productID: String? = nil) -> PurchaseError {
        let code: Code
        switch native {
        case 1: code = .clientInvalid
        case 2, 15: code = .paymentCancelled  // paymentCancelled, overlayCancelled
        case 3, 11, 12, 13, 14: code = .paymentInvalid  // paymentInvalid and the offer parameter errors
        case 4: code = .paymentNotAllowed
        case 5: code = .productUnavailable  // storeProductNotAvailable
        case 6, 8, 9, 10: code = .clientInvalid  // cloud permission, revoked, privacy, unauthorized data
        case 7, 17: code = .storeUnavailable  // cloudServiceNetworkConnectionFailed, overlayTimeout
        case 18: code = .ineligibleForOffer
        case 16, 19, 20: code = .unsupported  // overlay configuration, unsupported platform, background scene
        default: code = .unknown
        }
        let reason: Reason? =
            switch native {
            case 12: .offerNotVerified
            case 11, 13, 14: .offerUnavailable
            default: nil
            }
        return PurchaseError(code, detail: "SKError code \(native)", reason: reason, productID: productID)
    }

    /// The error for a verifyReceipt `status` other than 0, or `nil` for 0 (valid).
    ///
    /// 21007 and 21008 mean "ask the other environment": a verifier retries them itself and reports
    /// them only if the other environment fails too. 21100 to 21199 are Apple's internal errors and
    /// may be retried, as may 21005, 21009 and 21002 (malformed data or a temporary issue of the
    /// service, which Apple says to try again): they are ``Code/verificationUnavailable``, so a
    /// transaction whose verification got no better answer stays unfinished and is tried later.
    public static func verifyReceipt(status: Int, productID: String? = nil) -> PurchaseError? {
        let code: Code
        switch status {
        case 0: return nil
        case 21003: code = .receiptInvalid  // could not authenticate
        case 21000, 21004, 21010: code = .verificationFailed  // bad request, shared secret, account unknown
        case 21006: code = .verificationFailed  // valid receipt of an expired subscription
        case 21007, 21008: code = .verificationFailed  // wrong environment
        // 21002: malformed data or a temporary issue of the service, to be tried again.
        case 21002, 21005, 21009, 21100...21199: code = .verificationUnavailable
        default: code = .verificationFailed
        }
        return PurchaseError(
            code, detail: "verifyReceipt status \(status)", productID: productID, verifierStatus: status)
    }
}

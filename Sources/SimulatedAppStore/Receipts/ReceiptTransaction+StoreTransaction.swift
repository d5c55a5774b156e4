public import PurchaseCore

extension ReceiptTransaction {
    /// The receipt entry for a transaction the simulated store reported: same identifiers, dates,
    /// quantity, expiry, refund (`cancellation_reason` `"1"` for `RevocationReason.developerIssue`,
    /// `"0"` otherwise), ownership, app account token and offer: `is_trial_period` for an introductory
    /// free trial, `is_in_intro_offer_period` for an introductory offer paid as you go or up front (both
    /// `false` for every other subscription transaction), `promotional_offer_id` for a promotional
    /// offer, `offer_code_ref_name` for an offer code.
    ///
    /// - Parameters:
    ///   - transaction: the transaction.
    ///   - storeProductID: the App Store product identifier when it differs from the catalog's.
    ///   - subscriptionGroupIdentifier: the subscription group, for auto-renewable products.
    public init(
        _ transaction: StoreTransaction,
        storeProductID: String? = nil,
        subscriptionGroupIdentifier: String? = nil
    ) {
        self.init(
            quantity: transaction.quantity,
            productID: storeProductID ?? transaction.productID,
            transactionID: transaction.id,
            originalTransactionID: transaction.originalID,
            purchaseDate: transaction.purchaseDate,
            originalPurchaseDate: transaction.originalPurchaseDate,
            expiresDate: transaction.expirationDate,
            cancellationDate: transaction.revocationDate,
            cancellationReason: transaction.revocationDate == nil
                ? nil : (transaction.revocationReason == .developerIssue ? "1" : "0"),
            isTrialPeriod: transaction.offer?.isTrialPeriod ?? false,
            isInIntroOfferPeriod: transaction.productType == .autoRenewable
                ? (transaction.offer?.isInIntroOfferPeriod ?? false) : nil,
            inAppOwnershipType: transaction.ownership == .familyShared ? "FAMILY_SHARED" : "PURCHASED",
            subscriptionGroupIdentifier: subscriptionGroupIdentifier,
            promotionalOfferID: transaction.offer?.kind == .promotional ? transaction.offer?.id : nil,
            offerCodeRefName: transaction.offer?.kind == .code ? transaction.offer?.id : nil
        )
        appAccountToken = transaction.appAccountToken
    }
}

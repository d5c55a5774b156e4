public import PurchaseCore

extension ReceiptTransaction {
    /// The receipt entry for a transaction the simulated store reported: same identifiers, dates,
    /// quantity, expiry, refund (`cancellation_reason` `"1"` for `RevocationReason.developerIssue`,
    /// `"0"` otherwise), ownership and app account token.
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
            isTrialPeriod: false,
            isInIntroOfferPeriod: transaction.productType == .autoRenewable ? false : nil,
            inAppOwnershipType: transaction.ownership == .familyShared ? "FAMILY_SHARED" : "PURCHASED",
            subscriptionGroupIdentifier: subscriptionGroupIdentifier
        )
        appAccountToken = transaction.appAccountToken
    }
}

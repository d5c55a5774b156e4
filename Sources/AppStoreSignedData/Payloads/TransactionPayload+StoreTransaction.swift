import Foundation
public import PurchaseCore

extension StoreTransaction {
    /// The core's transaction for a verified signed transaction.
    ///
    /// - Parameters:
    ///   - payload: the decoded payload of the signed transaction.
    ///   - store: the provider kind that reported it (the transaction's `StoreTransaction.store`).
    ///   - state: purchased, or restored for a transaction brought back by a sync.
    ///   - signedTransaction: the compact JWS itself, kept as the transaction's verification data.
    /// - Returns: `nil` when the payload lacks what every transaction has: its identifier, product,
    ///   purchase date and a type the core knows.
    public init?(
        payload: TransactionPayload, store: String, state: TransactionState = .purchased,
        signedTransaction: String? = nil
    ) {
        guard let id = payload.transactionId, !id.isEmpty, let productID = payload.productId,
            let purchaseDate = payload.purchaseDate, let productType = payload.type?.productType
        else { return nil }
        let offer = payload.offerType?.offerKind.map { kind in
            TransactionOffer(
                kind: kind, id: payload.offerIdentifier,
                paymentMode: payload.offerDiscountType?.paymentMode ?? .payAsYouGo)
        }
        self.init(
            id: id,
            originalID: payload.originalTransactionId,
            store: store,
            productID: productID,
            productType: productType,
            quantity: payload.quantity ?? 1,
            purchaseDate: purchaseDate.date,
            originalPurchaseDate: payload.originalPurchaseDate?.date,
            expirationDate: payload.expiresDate?.date,
            revocationDate: payload.revocationDate?.date,
            revocationReason: payload.revocationDate == nil
                ? nil : (payload.revocationReason ?? .other).revocationReason,
            environment: (payload.environment ?? .production).storeEnvironment,
            ownership: (payload.inAppOwnershipType ?? .purchased).ownership,
            state: state,
            verificationData: signedTransaction.map { Data($0.utf8) },
            appAccountToken: payload.appAccountToken,
            offer: offer
        )
    }
}

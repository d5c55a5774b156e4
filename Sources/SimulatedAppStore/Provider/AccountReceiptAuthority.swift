import Foundation
import PurchaseCore

/// The payment queue's account as the verifyReceipt service's authority (and the source of the
/// receipts a provider issues): every charged transaction as a receipt entry, the subscriptions'
/// renewal information, and refunds made on the account itself.
struct AccountReceiptAuthority: VerifyReceiptAuthority {
    let queue: PaymentQueue
    let storeName: String
    /// App Store product identifier to catalog product identifier.
    let catalogIDs: [String: String]

    /// Every charged transaction the account still knows (unfinished ones, owned non-consumables and
    /// subscriptions with their renewals), oldest first, as receipts list them.
    func entries() async -> [ReceiptTransaction] {
        await queue.accountTransactions
            .filter { $0.transactionState == .purchased || $0.transactionState == .restored }
            .map(entry)
    }

    func receiptTransactions(originalTransactionIDs: Set<String>) async -> [ReceiptTransaction] {
        await entries().filter { originalTransactionIDs.contains($0.originalTransactionID) }
    }

    /// Looked up by number in the account, so an answer costs what it holds, whatever the number of
    /// periods a subscription has had.
    func recentReceiptTransactions(
        originalTransactionIDs: Set<String>, transactionIDs: Set<String>
    ) async -> [ReceiptTransaction] {
        await queue.recentChargedTransactions(
            originals: Set(originalTransactionIDs.compactMap(PaymentQueue.number)),
            numbers: Set(transactionIDs.compactMap(PaymentQueue.number))
        ).map(entry)
    }

    private func entry(_ transaction: PaymentTransaction) -> ReceiptTransaction {
        var entry = ReceiptTransaction(
            SimulatedAppStoreProvider.storeTransaction(transaction, storeName: storeName, catalogIDs: catalogIDs),
            storeProductID: transaction.payment.productIdentifier)
        if transaction.isUpgraded { entry.isUpgraded = true }
        entry.setPrice(transaction.price)
        return entry
    }

    func pendingRenewalInfo(originalTransactionIDs: Set<String>) async -> [PendingRenewalInfo] {
        await queue.subscriptionStatuses()
            .filter { originalTransactionIDs.contains($0.originalTransactionIdentifier) }
            .map { status in
                PendingRenewalInfo(
                    originalTransactionID: status.originalTransactionIdentifier, productID: status.productIdentifier,
                    autoRenewProductID: status.renewalProductIdentifier,
                    autoRenewStatus: status.willAutoRenew, expirationIntent: status.expirationReason?.rawValue,
                    isInBillingRetryPeriod: status.billing == .ok ? nil : true,
                    gracePeriodExpiresDate: status.gracePeriodExpirationDate,
                    priceConsentStatus: status.priceConsentStatus.map(String.init))
            }
    }

    func refund(transactionID: String, at date: Date, reason: RevocationReason) async -> Bool {
        await queue.refundTransaction(transactionID, at: date, reason: reason) != nil
    }
}

public import Foundation
public import PurchaseCore

/// The App Store's own record of an account, which a ``SimulatedVerifyReceiptService`` answers from:
/// the one source of truth for what happened after a receipt was issued (renewals, refunds, renewal
/// preferences, billing trouble).
///
/// A provider made with receipts (``SimulatedAppStoreProvider``) gives its service the payment queue's
/// account as authority, so a refund made on the queue and a refund made through the service are the
/// same refund, seen by observers, receipts and verifyReceipt alike.
///
/// ## Implementation requirements
/// - Answers reflect every change made before the call: a refund made before a request shows in its answer.
/// - ``receiptTransactions(originalTransactionIDs:)`` lists charged transactions only (purchases,
///   renewals, restores; never failed, deferred or purchasing ones), each as a receipt lists it, with
///   `cancellation_date` and `cancellation_reason` for a refunded one.
/// - ``refund(transactionID:at:reason:)`` changes the record itself, so every later answer and every
///   other reader of the record sees it.
public protocol VerifyReceiptAuthority: Sendable {
    /// Every charged transaction of the subscriptions and purchases with these original transaction
    /// identifiers, oldest first.
    func receiptTransactions(originalTransactionIDs: Set<String>) async -> [ReceiptTransaction]

    /// What an answer with `exclude-old-transactions` draws on: the charged transactions whose
    /// identifiers are in `transactionIDs` (those the receipt sent lists), and for each of
    /// `originalTransactionIDs` its charged transactions, of an auto-renewable subscription at least
    /// the latest period. It may list more (the service keeps the newest period of each
    /// subscription), in any order.
    func recentReceiptTransactions(
        originalTransactionIDs: Set<String>, transactionIDs: Set<String>
    ) async -> [ReceiptTransaction]

    /// What will happen at the next renewal of each auto-renewable subscription among these original
    /// transaction identifiers (none for other products).
    func pendingRenewalInfo(originalTransactionIDs: Set<String>) async -> [PendingRenewalInfo]

    /// Refunds a transaction at `date`.
    ///
    /// - Returns: `false` when the record has no charged transaction with that identifier, or it was
    ///   refunded already.
    func refund(transactionID: String, at date: Date, reason: RevocationReason) async -> Bool
}

// MARK: - Default implementations

extension VerifyReceiptAuthority {
    /// Every charged transaction of the originals (``receiptTransactions(originalTransactionIDs:)``),
    /// which holds the transactions a receipt lists: right for an authority with few periods; one
    /// with many answers from an index instead.
    public func recentReceiptTransactions(
        originalTransactionIDs: Set<String>, transactionIDs: Set<String>
    ) async -> [ReceiptTransaction] {
        await receiptTransactions(originalTransactionIDs: originalTransactionIDs)
    }
}

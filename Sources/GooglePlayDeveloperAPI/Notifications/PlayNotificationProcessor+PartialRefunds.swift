import Foundation
import PurchaseCore

extension PlayNotificationProcessor {
    /// A quantity-based partial refund: the order stays delivered; each of its refunds Play lists takes
    /// back its share of a consumable's credits as a spend with an identifier of its own, when the
    /// deployment debits refunded consumables and the ledger records spend identifiers.
    func partialRefund(_ void: DeveloperNotification.VoidedPurchaseNotification)
        async throws(PlayNotificationError) -> PlayNotificationEffect
    {
        let id = TransactionID(store: store.rawValue, id: void.orderId)
        var changes = PlayLedgerChanges()
        guard let delivered = try await ledgerCall({ try await ledger.delivery(for: id) }) else {
            return PlayNotificationEffect(
                outcome: .needsAttention(.partialRefund(id, quantity: nil), changes), transactionID: id)
        }
        let now = Int64(clock.now.timeIntervalSince1970 * 1000)
        // Google lists voided purchases of the last 30 days only.
        let earliest = max(Int64(delivered.purchaseDate.timeIntervalSince1970 * 1000), now - 30 * 86_400_000)
        let query = VoidedPurchasesQuery(startTimeMillis: earliest, endTimeMillis: now, includeSubscriptions: false)
        let refunds = try await apiCall("voidedpurchases.list") { () async throws(PlayDeveloperAPIError) in
            try await api.allVoidedPurchases(query)
        }.filter { $0.orderId == void.orderId && $0.refundType == 2 }
        let quantity = refunds.compactMap(\.voidedQuantity).reduce(0, +)
        if delivered.productType == .consumable, catalog.deployment.refundedConsumables == .debit,
            let spending = ledger as? any IdempotentSpending, delivered.quantity > 0
        {
            for refund in refunds {
                guard let refunded = refund.voidedQuantity, refunded > 0, let time = refund.voidedTimeMillis else {
                    continue
                }
                for (name, credited) in delivered.credits.sorted(by: { $0.key < $1.key }) where credited > 0 {
                    let (product, overflow) = credited.multipliedReportingOverflow(
                        by: min(refunded, delivered.quantity))
                    guard !overflow else { continue }
                    let taken = try await takeBack(
                        product / delivered.quantity, of: name, from: delivered, spending,
                        spendID: "google-play:refund:\(void.orderId):\(time.value):\(name)")
                    if taken > 0 { changes.debited[name, default: 0] += taken }
                }
            }
        }
        return PlayNotificationEffect(
            outcome: .needsAttention(.partialRefund(id, quantity: quantity > 0 ? quantity : nil), changes),
            transactionID: id)
    }

    /// Takes up to `units` of balance `name` from the delivery's account once for `spendID`; what this
    /// call took (0 for a replay, an identifier too long, or a balance holding nothing).
    private func takeBack(
        _ units: Int, of name: String, from delivered: Delivery, _ spending: any IdempotentSpending, spendID: String
    ) async throws(PlayNotificationError) -> Int {
        guard units > 0, let identifier = try? SpendID(spendID) else { return 0 }
        let account = delivered.appAccountToken
        return try await ledgerCall {
            let balance = try await ledger.contents(for: account).balances[name] ?? 0
            let taken = min(units, balance)
            guard taken > 0 else { return 0 }
            do {
                let result = try await spending.spend(name, quantity: taken, account: account, spendID: identifier)
                return result.replayed ? 0 : taken
            } catch let error as PurchaseError
                where error.code == .spendIDConflict || error.code == .insufficientBalance
            {
                // Taken before (with what the balance held then), or spent meanwhile.
                return 0
            }
        }
    }
}

import Foundation
import PurchaseCore

// Restoring completed transactions: one restored transaction per original purchase.
extension PaymentQueue {
    /// Restores the account's non-consumables and auto-renewable subscriptions: observers get one
    /// restored transaction per original purchase (a new identifier, the original one kept), then
    /// ``PaymentTransactionObserver/restoreCompletedTransactionsFinished()`` (also when there is
    /// nothing to restore), or ``PaymentTransactionObserver/restoreCompletedTransactionsFailedWithError(_:)``.
    ///
    /// - Parameter username: the app's opaque user identifier, kept on the restored transactions.
    public func restoreCompletedTransactions(withApplicationUsername username: String? = nil) async {
        await prepare()
        if !account.subscriptions.isEmpty { await renewDue() }
        var failure: StoreKitError?
        if let code = controls.simulatedErrors[.restore] {
            failure = StoreKitError(code, message: "simulated restore error")
        } else if faultHappens() {
            failure = StoreKitError(controls.faultError, message: "simulated random fault")
        }
        if let failure {
            await commit([], callbacks: [tell { $0.restoreCompletedTransactionsFailedWithError(failure) }])
            return
        }
        var latest: [UInt64: AccountTransaction] = [:]
        for transaction in account.transactions.values
        where transaction.state == .purchased && transaction.revocation == nil
            && (transaction.productType == .nonConsumable || transaction.productType == .autoRenewable)
        {
            if let known = latest[transaction.originalNumber], known.number > transaction.number { continue }
            latest[transaction.originalNumber] = transaction
        }
        let now = clock.now.timeIntervalSince1970
        var records: [AccountRecord] = []
        var restored: [PaymentTransaction] = []
        for original in latest.keys.sorted() {
            guard let source = latest[original] else { continue }
            var copy = source
            copy.number = account.nextNumber
            account.nextNumber += 1
            copy.state = .restored
            copy.date = now
            copy.finished = false
            copy.expiryNoticePending = false
            copy.applicationUsername = username ?? source.applicationUsername
            if let product = productsByIdentifier[copy.productIdentifier], let content = product.hostedContent {
                registerDownload(for: copy, content: content)
            }
            records.append(.put(copy))
            restored.append(paymentTransaction(copy))
        }
        var callbacks: [(@Sendable () -> Void)?] = []
        if !restored.isEmpty {
            let values = restored
            callbacks.append(tell { $0.updatedTransactions(values) })
        }
        callbacks.append(tell { $0.restoreCompletedTransactionsFinished() })
        await commit(records, callbacks: callbacks)
    }
}

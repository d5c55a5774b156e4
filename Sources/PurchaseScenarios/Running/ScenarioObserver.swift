import PurchaseCore
import SimulatedAppStore

/// A payment-queue observer that prints every callback it is told as a JSON line under its name,
/// as an app's own `SKPaymentTransactionObserver` would see them. It does not finish anything: the
/// ``Store`` behind the provider does.
final class ScenarioObserver: PaymentTransactionObserver {
    let name: String
    let log: ScenarioLog
    let progress: (@Sendable (ScenarioProgress) -> Void)?

    init(name: String, log: ScenarioLog, progress: (@Sendable (ScenarioProgress) -> Void)? = nil) {
        self.name = name
        self.log = log
        self.progress = progress
    }

    static func json(_ transactions: [PaymentTransaction]) -> ScenarioJSON {
        .array(
            transactions.map { transaction in
                var entries: [(String, ScenarioJSON)] = [
                    ("id", .string(transaction.id)),
                    ("productID", .string(transaction.payment.productIdentifier)),
                    ("state", .string(transaction.transactionState.rawValue)),
                ]
                if let original = transaction.originalTransactionIdentifier, original != transaction.id {
                    entries.append(("originalID", .string(original)))
                }
                if let error = transaction.error { entries.append(("error", .string("\(error.code)"))) }
                return .object(entries)
            })
    }

    func updatedTransactions(_ transactions: [PaymentTransaction]) {
        log.callback("updatedTransactions", observer: name, [("transactions", Self.json(transactions))])
    }

    func removedTransactions(_ transactions: [PaymentTransaction]) {
        log.callback("removedTransactions", observer: name, [("transactions", Self.json(transactions))])
    }

    func restoreCompletedTransactionsFinished() {
        log.callback("restoreCompletedTransactionsFinished", observer: name)
    }

    func restoreCompletedTransactionsFailedWithError(_ error: StoreKitError) {
        log.callback(
            "restoreCompletedTransactionsFailedWithError", observer: name, [("error", .string("\(error.code)"))])
    }

    func updatedDownloads(_ downloads: [Download]) {
        let states = downloads.map { download in
            ScenarioJSON.object([
                ("contentID", .string(download.contentIdentifier)), ("state", .string(download.state.rawValue)),
                ("percent", .int(Int((download.progress * 100).rounded(.down)))),
            ])
        }
        log.callback("updatedDownloads", observer: name, [("downloads", .array(states))])
        progress?(.downloads(downloads))
    }

    func shouldAddStorePayment(_ payment: Payment, for product: AppStoreProduct) -> Bool {
        log.callback("shouldAddStorePayment", observer: name, [("productID", .string(payment.productIdentifier))])
        return true
    }

    func didRevokeEntitlements(forProductIdentifiers productIdentifiers: [String]) {
        log.callback(
            "didRevokeEntitlements", observer: name, [("productIDs", .array(productIdentifiers.map { .string($0) }))])
    }

    func revokedTransactions(_ transactions: [PaymentTransaction]) {
        log.callback("revokedTransactions", observer: name, [("transactions", Self.json(transactions))])
    }

    func storefrontDidChange(_ storefront: String) {
        log.callback("storefrontDidChange", observer: name, [("storefront", .string(storefront))])
    }
}

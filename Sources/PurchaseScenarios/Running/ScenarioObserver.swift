import PurchaseCore
import SimulatedAppStore

/// A payment-queue observer that prints every callback it is told as a JSON line under its name,
/// as an app's own `SKPaymentTransactionObserver` would see them. It does not finish anything: the
/// ``Store`` behind the provider does.
final class ScenarioObserver: PaymentTransactionObserver {
    let name: String
    let log: ScenarioLog
    let progress: (@Sendable (ScenarioProgress) -> Void)?
    /// The family member whose queue it observes; `nil` for the first account's.
    let member: String?

    init(
        name: String, log: ScenarioLog, member: String? = nil, progress: (@Sendable (ScenarioProgress) -> Void)? = nil
    ) {
        self.name = name
        self.log = log
        self.member = member
        self.progress = progress
    }

    private func callback(_ event: String, _ more: [(String, ScenarioJSON)] = []) {
        log.callback(event, observer: name, member: member, more)
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
        callback("updatedTransactions", [("transactions", Self.json(transactions))])
    }

    func removedTransactions(_ transactions: [PaymentTransaction]) {
        callback("removedTransactions", [("transactions", Self.json(transactions))])
    }

    func restoreCompletedTransactionsFinished() {
        callback("restoreCompletedTransactionsFinished")
    }

    func restoreCompletedTransactionsFailedWithError(_ error: StoreKitError) {
        callback("restoreCompletedTransactionsFailedWithError", [("error", .string("\(error.code)"))])
    }

    func updatedDownloads(_ downloads: [Download]) {
        let states = downloads.map { download in
            ScenarioJSON.object([
                ("contentID", .string(download.contentIdentifier)), ("state", .string(download.state.rawValue)),
                ("percent", .int(Int((download.progress * 100).rounded(.down)))),
            ])
        }
        callback("updatedDownloads", [("downloads", .array(states))])
        progress?(.downloads(downloads))
    }

    func shouldAddStorePayment(_ payment: Payment, for product: AppStoreProduct) -> Bool {
        callback("shouldAddStorePayment", [("productID", .string(payment.productIdentifier))])
        return true
    }

    func didRevokeEntitlements(forProductIdentifiers productIdentifiers: [String]) {
        callback("didRevokeEntitlements", [("productIDs", .array(productIdentifiers.map { .string($0) }))])
    }

    func revokedTransactions(_ transactions: [PaymentTransaction]) {
        callback("revokedTransactions", [("transactions", Self.json(transactions))])
    }

    func storefrontDidChange(_ storefront: String) {
        callback("storefrontDidChange", [("storefront", .string(storefront))])
    }
}

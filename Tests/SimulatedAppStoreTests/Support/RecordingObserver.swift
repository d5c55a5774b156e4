import Foundation
import PurchaseCore
import SimulatedAppStore

/// Records every callback a payment queue makes, in order.
final class RecordingObserver: PaymentTransactionObserver {
    enum Event: Sendable {
        case updated([PaymentTransaction])
        case removed([PaymentTransaction])
        case restoreFinished
        case restoreFailed(StoreKitError)
        case downloads([Download])
        case shouldAdd(Payment)
        case revokedProducts([String])
        case revoked([PaymentTransaction])
        case storefront(String)
    }

    private let recorded = Locked<[Event]>([])
    private let answer: Bool
    /// Whether a callback ran while another of this observer's callbacks was running.
    private let depth = Locked(0)
    let sawReentrancy = Locked(false)

    init(shouldAddStorePayment answer: Bool = true) {
        self.answer = answer
    }

    var events: [Event] { recorded.withLock { $0 } }

    /// Every transaction in `updatedTransactions` calls, in order.
    var updates: [PaymentTransaction] {
        events.flatMap { event -> [PaymentTransaction] in
            if case .updated(let transactions) = event { return transactions }
            return []
        }
    }

    /// A compact log: `updated:<product>:<state>`, `removed:<product>`, `restoreFinished`...
    var log: [String] {
        events.flatMap { event -> [String] in
            switch event {
            case .updated(let transactions):
                return transactions.map { "updated:\($0.payment.productIdentifier):\($0.transactionState.rawValue)" }
            case .removed(let transactions): return transactions.map { "removed:\($0.payment.productIdentifier)" }
            case .restoreFinished: return ["restoreFinished"]
            case .restoreFailed(let error): return ["restoreFailed:\(error.code)"]
            case .downloads(let downloads): return downloads.map { "download:\($0.state.rawValue)" }
            case .shouldAdd(let payment): return ["shouldAdd:\(payment.productIdentifier)"]
            case .revokedProducts(let ids): return ids.map { "revokedProduct:\($0)" }
            case .revoked(let transactions): return transactions.map { "revoked:\($0.payment.productIdentifier)" }
            case .storefront(let code): return ["storefront:\(code)"]
            }
        }
    }

    private func record(_ event: Event) {
        let nested = depth.withLock { depth in
            depth += 1
            return depth > 1
        }
        if nested { sawReentrancy.withLock { $0 = true } }
        recorded.withLock { $0.append(event) }
        depth.withLock { $0 -= 1 }
    }

    func updatedTransactions(_ transactions: [PaymentTransaction]) { record(.updated(transactions)) }
    func removedTransactions(_ transactions: [PaymentTransaction]) { record(.removed(transactions)) }
    func restoreCompletedTransactionsFinished() { record(.restoreFinished) }
    func restoreCompletedTransactionsFailedWithError(_ error: StoreKitError) { record(.restoreFailed(error)) }
    func updatedDownloads(_ downloads: [Download]) { record(.downloads(downloads)) }
    func didRevokeEntitlements(forProductIdentifiers productIdentifiers: [String]) {
        record(.revokedProducts(productIdentifiers))
    }
    func revokedTransactions(_ transactions: [PaymentTransaction]) { record(.revoked(transactions)) }
    func storefrontDidChange(_ storefront: String) { record(.storefront(storefront)) }
    func shouldAddStorePayment(_ payment: Payment, for product: AppStoreProduct) -> Bool {
        record(.shouldAdd(payment))
        return answer
    }
}

/// A queue over the test catalog with a recording observer attached.
func makeQueue(
    controls: SessionControls = SessionControls(),
    persistence: PaymentQueue.Persistence = .inMemory,
    clock: SimulationClock = SimulationClock(),
    seed: UInt64 = 0,
    callbackQueue: DispatchQueue? = nil
) async throws -> (PaymentQueue, RecordingObserver) {
    let queue = try PaymentQueue(
        catalog: TestCatalog.make(), controls: controls, persistence: persistence, clock: clock,
        random: SplitMix64(seed: seed), callbackQueue: callbackQueue)
    let observer = RecordingObserver()
    await queue.add(observer)
    return (queue, observer)
}

extension PaymentQueue {
    /// Adds a payment for `productIdentifier` and waits until its callbacks were made.
    @discardableResult
    func buy(_ productIdentifier: String, quantity: Int = 1) async -> PaymentTransaction {
        let transaction = await add(Payment(productIdentifier: productIdentifier, quantity: quantity))
        await waitForCallbacks()
        return transaction
    }
}

extension RecordingObserver {
    /// The last state observers were told for the transaction with `id`.
    func latest(_ id: String) -> PaymentTransaction? {
        updates.last { $0.id == id }
    }
}

import Foundation
import PurchaseCore
import SimulatedGooglePlay

/// The simulated Google Play's provider as a Google Play scenario's store sees it: everything passes
/// through, except that finishing (acknowledging or consuming) is skipped while the app does not
/// finish its purchases (`stopFinishing`), so that Play's three-day acknowledgement rule can fire.
final class ScenarioPlayProvider: StoreProvider {
    let base: SimulatedGooglePlayProvider
    /// Whether the app finishes the purchases it delivers; shared by the app's launches.
    let finishing: Locked<Bool>

    init(base: SimulatedGooglePlayProvider, finishing: Locked<Bool>) {
        self.base = base
        self.finishing = finishing
    }

    var storeName: String { base.storeName }
    var transactionUpdates: AsyncStream<StoreTransaction> { base.transactionUpdates }
    var receiptVerifier: (any ReceiptVerifier)? { base.receiptVerifier }
    func products(for productIDs: [String]) async throws -> ProductsResponse {
        try await base.products(for: productIDs)
    }
    func canMakePayments() async -> Bool { await base.canMakePayments() }
    func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        try await base.purchase(request)
    }
    func restore() async throws -> [StoreTransaction] { try await base.restore() }
    func unfinishedTransactions() async throws -> [StoreTransaction] { try await base.unfinishedTransactions() }
    func billingGracePeriod() async -> TimeInterval? { await base.billingGracePeriod() }
    func start() async throws { try await base.start() }
    func flush() async throws { try await base.flush() }
    func close() async { await base.close() }

    func finish(_ transaction: StoreTransaction) async throws {
        guard finishing.withLock({ $0 }) else { return }
        try await base.finish(transaction)
    }
}

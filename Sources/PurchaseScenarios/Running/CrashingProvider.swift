import Foundation
import PurchaseCore
import SimulatedAppStore

/// The simulated provider as a scenario's store sees it: everything passes through, except that an
/// armed crash makes the finish of the next purchased transaction never reach the queue (the app
/// died after delivering it).
final class CrashingProvider: DownloadableContentProviding {
    let base: SimulatedAppStoreProvider
    /// Whether the next purchased transaction's finish is lost; whether one was.
    private let crash = Locked((armed: false, happened: false))

    init(base: SimulatedAppStoreProvider) {
        self.base = base
    }

    func arm() { crash.withLock { $0.armed = true } }

    /// Whether a finish was lost since the last call.
    func takeCrash() -> Bool {
        crash.withLock { state in
            defer { state.happened = false }
            return state.happened
        }
    }

    var storeName: String { base.storeName }
    var transactionUpdates: AsyncStream<StoreTransaction> { base.transactionUpdates }
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
    func runDownloads(of transaction: StoreTransaction) async -> AsyncStream<ContentDownload> {
        await base.runDownloads(of: transaction)
    }

    func finish(_ transaction: StoreTransaction) async throws {
        let lost = crash.withLock { state in
            guard state.armed, transaction.state == .purchased else { return false }
            state.armed = false
            state.happened = true
            return true
        }
        if lost { return }
        try await base.finish(transaction)
    }
}

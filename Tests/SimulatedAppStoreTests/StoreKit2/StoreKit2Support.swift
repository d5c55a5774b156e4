import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// A StoreKit 2 session over a signed queue on a stopped simulation clock.
struct StoreKit2Fixture {
    let clock: SimulationClock
    let queue: PaymentQueue
    let session: StoreKit2Session

    init(catalog: Catalog = TestCatalog.make(), controls: SessionControls = SessionControls()) throws {
        clock = SimulationClock()
        queue = try PaymentQueue(
            catalog: catalog, controls: controls, clock: clock, signedData: TestSigning.signedData())
        session = try StoreKit2Session(queue: queue)
    }

    /// Buys `productIdentifier` and returns its verified signed transaction.
    func buy(_ productIdentifier: String, options: PurchaseOptions = PurchaseOptions()) async throws
        -> StoreKit2Transaction
    {
        let result = try await session.purchase(productIdentifier, options: options)
        guard case .success(let transaction) = result else {
            Issue.record("\(productIdentifier) was not charged: \(result)")
            throw StoreKitError(.unknown)
        }
        #expect(transaction.isVerified)
        return transaction
    }

    /// Moves the clock on by `period`s from now, renewing what comes due.
    func advance(_ period: String, times: Int = 1) async {
        for _ in 0..<times {
            let now = clock.now
            await queue.advanceTime(by: SubscriptionPeriod(period)!.added(to: now).timeIntervalSince(now) + 1)
        }
    }

    /// The product identifiers of the current entitlements, sorted.
    func entitledProducts() async throws -> [String] {
        try await session.currentEntitlements().compactMap(\.payload.productId).sorted()
    }
}

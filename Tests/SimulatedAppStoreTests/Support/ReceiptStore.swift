import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// A provider over an in-memory queue of the test catalog, on a stepped clock, issuing receipts signed
/// with a key derived from a seed, and its verifyReceipt service.
struct ReceiptStore {
    let clock = SimulationClock()
    let key: ReceiptSigningKey
    let provider: SimulatedAppStoreProvider

    init(seed: String, controls: SessionControls = SessionControls(), catalog: Catalog = TestCatalog.make()) throws {
        key = ReceiptSigningKey(seed: Array(seed.utf8))
        let queue = try PaymentQueue(catalog: catalog, controls: controls, clock: clock)
        provider = SimulatedAppStoreProvider(queue: queue, receipts: SimulatedReceipts(signingKey: key))
    }

    var queue: PaymentQueue { provider.queue }

    /// A new observer of the queue, told everything from now on.
    func observe() async -> RecordingObserver {
        let observer = RecordingObserver()
        await queue.add(observer)
        return observer
    }

    /// Buys `productID` through the provider; records an issue unless it is purchased.
    func buy(_ productID: String) async throws -> StoreTransaction {
        let result = try await provider.purchase(PurchaseRequest(productID: productID))
        guard case .purchased(let transaction) = result else {
            Issue.record("expected a purchase, got \(result)")
            throw CancellationError()
        }
        return transaction
    }

    /// The service's answer for `receipt` posted to the sandbox.
    func verify(_ receipt: Data) async throws -> VerifyReceiptResponse {
        let service = try #require(provider.verifyReceiptService)
        return await service.respond(
            to: VerifyReceiptRequest(receiptData: receipt.base64EncodedString()).jsonData(), in: .sandbox)
    }

    /// A receipt of the account issued now, validated.
    func freshReceipt() async throws -> AppReceipt {
        try ReceiptValidator(publicKey: key.publicKey).validate(try await provider.issueReceipt())
    }
}

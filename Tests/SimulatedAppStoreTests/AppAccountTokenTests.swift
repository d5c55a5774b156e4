import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

/// A purchase's app account token in the simulated App Store: StoreKit 1 carries it as the payment's
/// `applicationUsername`; it comes back on the transaction, its renewals and restores, in
/// verifyReceipt's `latest_receipt_info` (`app_account_token`, which the receipt's `in_app` lacks,
/// as Apple's does), and the verifier keeps the authority's account.
struct AppAccountTokenTests {
    static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!
    static let bob = UUID(uuidString: "B0B00000-0000-4000-8000-000000000002")!

    @Test func theTokenTravelsAsTheApplicationUsernameAndIntoLatestReceiptInfo() async throws {
        let store = try ReceiptStore(seed: "app-account-token")
        let result = try await store.provider.purchase(
            PurchaseRequest(productID: TestCatalog.gems, appAccountToken: Self.alice))
        guard case .purchased(let bought) = result else {
            Issue.record("expected a purchase, got \(result)")
            return
        }
        #expect(bought.appAccountToken == Self.alice)
        let queued = try #require(await store.queue.transactions.first { $0.id == bought.id })
        #expect(queued.payment.applicationUsername == Self.alice.uuidString.lowercased())

        let receipt = try #require(bought.verificationData)
        let answer = try await store.verify(receipt)
        #expect(answer.inApp.allSatisfy { $0.appAccountToken == nil })
        let listed = try #require(answer.latestReceiptInfo.first { $0.transactionID == bought.id })
        #expect(listed.appAccountToken == Self.alice)

        // The verifier gives the transaction the account the authority lists, whatever it claims.
        let verifier = try #require(store.provider.receiptVerifier)
        var claimed = bought
        claimed.appAccountToken = Self.bob
        #expect(try await verifier.verify(claimed).appAccountToken == Self.alice)
    }

    /// StoreKit 1 apps may set any `applicationUsername` (a hash of the user name); only a UUID is an
    /// app account token, as Apple's App Store reads it.
    @Test func onlyAUUIDApplicationUsernameIsAToken() async throws {
        let store = try ReceiptStore(seed: "application-username")
        await store.queue.add(Payment(productIdentifier: TestCatalog.gems, applicationUsername: "user-1"))
        await store.queue.add(Payment(productIdentifier: TestCatalog.gems, applicationUsername: Self.bob.uuidString))
        await store.queue.waitForCallbacks()
        let tokens = try await store.provider.unfinishedTransactions().map(\.appAccountToken)
        #expect(tokens == [nil, Self.bob])
    }

    @Test func aPurchaseWithoutATokenHasNone() async throws {
        let store = try ReceiptStore(seed: "no-app-account-token")
        let bought = try await store.buy(TestCatalog.gems)
        #expect(bought.appAccountToken == nil)
        let answer = try await store.verify(try #require(bought.verificationData))
        #expect(answer.latestReceiptInfo.allSatisfy { $0.appAccountToken == nil })
    }

    @Test func theEntryReadsAndWritesAppleJSON() throws {
        let json = Data(
            #"""
            {"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1767225600000",
             "app_account_token": "a11ce000-0000-4000-8000-000000000001"}
            """#.utf8)
        let entry = try JSONDecoder().decode(ReceiptTransaction.self, from: json)
        #expect(entry.appAccountToken == Self.alice)
        let written = String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
        #expect(written.contains(#""app_account_token":"a11ce000-0000-4000-8000-000000000001""#))
        var plain = entry
        plain.appAccountToken = nil
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("app_account_token"))
    }

    @Test func renewalsAndRestoresAreDeliveredToThePurchasesAccount() async throws {
        let harness = try await StoreHarness()
        let outcome = await harness.store.purchase(
            TestCatalog.monthly, options: PurchaseOptions(appAccountToken: Self.alice))
        guard case .purchased(let bought) = outcome else {
            Issue.record("expected a purchase, got \(outcome)")
            return
        }
        #expect(bought.appAccountToken == Self.alice)
        harness.clock.advance(by: 45 * 86_400)
        await harness.queue.tick()
        // The purchase's own delivery, then the renewal's.
        let renewal = await harness.nextEvents(2) { $0.name == "delivered" }.last
        #expect(renewal?.transaction.id != bought.id)
        #expect(renewal?.transaction.appAccountToken == Self.alice)
        let deliveries = try await harness.deliveries()
        #expect(deliveries.count == 2)
        #expect(deliveries.allSatisfy { $0.appAccountToken == Self.alice })

        let restored = try await harness.provider.restore()
        #expect(!restored.isEmpty)
        #expect(restored.allSatisfy { $0.appAccountToken == Self.alice })
        #expect(try await harness.store.entitlements().names.isEmpty)
        #expect(try await !harness.store.entitlements(for: Self.alice).names.isEmpty)
    }
}

import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Receipts and verifyReceipt show group changes as Apple's do: `is_upgraded` with the upgrade's
/// `cancellation_date` on the upgraded-from transaction, and `auto_renew_product_id` naming the
/// product a downgrade renews as.
struct SubscriptionGroupReceiptTests {
    @Test func anUpgradeMarksTheUpgradedFromTransaction() async throws {
        let store = try ReceiptStore(seed: "groups", catalog: GroupCatalog.make())
        let basic = try await store.buy(GroupCatalog.basic)
        store.clock.advance(by: 3 * 86_400)
        let pro = try await store.buy(GroupCatalog.pro)
        // The account's receipt lists both subscriptions.
        let receipt = try await store.provider.issueReceipt()
        let response = try await store.verify(receipt)
        #expect(response.status == .valid)
        let upgraded = try #require(response.latestReceiptInfo.first { $0.transactionID == basic.id })
        #expect(upgraded.isUpgraded == true)
        #expect(upgraded.cancellationDate == pro.purchaseDate)
        #expect(upgraded.cancellationReason == "0")
        let current = try #require(response.latestReceiptInfo.first { $0.transactionID == pro.id })
        #expect(current.isUpgraded == nil)
        #expect(current.cancellationDate == nil)
        let body = String(decoding: response.jsonData(), as: UTF8.self)
        #expect(body.contains("\"is_upgraded\":\"true\""))
        let renewal = try #require(response.pendingRenewalInfo.first { $0.originalTransactionID == basic.id })
        #expect(renewal.autoRenewStatus == false)
        // A receipt issued from now on lists the upgraded-from transaction the same way.
        let fresh = try await store.freshReceipt()
        #expect(fresh.inApp.first { $0.transactionID == basic.id }?.isUpgraded == true)
    }

    @Test func aDowngradeChangesTheAutoRenewProductAtOnce() async throws {
        let store = try ReceiptStore(seed: "groups", catalog: GroupCatalog.make())
        let pro = try await store.buy(GroupCatalog.pro)
        store.clock.advance(by: 3 * 86_400)
        let basic = try await store.buy(GroupCatalog.basic)
        let receipt = try #require(basic.verificationData)
        let response = try await store.verify(receipt)
        #expect(response.status == .valid)
        let renewal = try #require(response.pendingRenewalInfo.first { $0.originalTransactionID == pro.id })
        #expect(renewal.productID == GroupCatalog.pro)
        #expect(renewal.autoRenewProductID == GroupCatalog.basic)
        #expect(renewal.autoRenewStatus == true)
        let body = String(decoding: response.jsonData(), as: UTF8.self)
        #expect(body.contains("\"auto_renew_product_id\":\"\(GroupCatalog.basic)\""))
        // Pro is not refunded: it runs to the end of its period.
        let current = try #require(response.latestReceiptInfo.first { $0.transactionID == pro.id })
        #expect(current.cancellationDate == nil)
        #expect(current.isUpgraded == nil)
    }
}
